import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import { MAX_MATERIAL_LINES, MAX_PARCELS } from '../constants';
import { messages } from '../messages';
import {
  canCreateDraft,
  compositionStepSchema,
  createAvailabilityStepSchema,
  certificationStepSchema,
  parcelsStepSchema,
  projectNameStepSchema,
  projectOwnerAddressStepSchema,
  projectOwnerSiretStepSchema,
  projectOwnerStepSchema,
  siteStepSchema,
  soilStudyStepSchema,
  surfaceStepSchema,
  validateInquiryForSubmission,
  type InquiryForSubmission,
} from './wizard';

const now = new Date('2026-11-22T09:00:00Z');
const errors = (schema: v.GenericSchema, input: unknown) => fieldErrors(v.safeParse(schema, input));
const pdf = { name: 'permis.pdf', type: 'application/pdf', size: 1000 };

describe('wizard sub-steps', () => {
  it('project name: trimmed, required, max 200', () => {
    expect(errors(projectNameStepSchema, { projectName: '  ' })).toEqual({ projectName: 'Ce champ est requis.' });
    expect(errors(projectNameStepSchema, { projectName: 'a'.repeat(200) })).toEqual({});
    expect(errors(projectNameStepSchema, { projectName: 'a'.repeat(201) })).toEqual({
      projectName: 'Ce champ ne doit pas dépasser 200 caractères.',
    });
    expect(canCreateDraft({ projectName: ' ' })).toBe(false);
    expect(canCreateDraft({ projectName: 'Chantier A' })).toBe(true);
  });

  it('project owner: both names required, first max 100, last max 1000', () => {
    expect(errors(projectOwnerStepSchema, {})).toEqual({
      projectOwnerFirstName: 'Ce champ est requis.',
      projectOwnerLastName: 'Ce champ est requis.',
    });
    expect(
      errors(projectOwnerStepSchema, { projectOwnerFirstName: 'a'.repeat(101), projectOwnerLastName: 'b'.repeat(1000) }),
    ).toEqual({ projectOwnerFirstName: 'Ce champ ne doit pas dépasser 100 caractères.' });
    expect(
      errors(projectOwnerStepSchema, { projectOwnerFirstName: 'Jean', projectOwnerLastName: 'b'.repeat(1001) }),
    ).toEqual({ projectOwnerLastName: 'Ce champ ne doit pas dépasser 1000 caractères.' });
  });

  it('owner address: street max 300, city max 200, valid postcode', () => {
    expect(
      errors(projectOwnerAddressStepSchema, {
        projectOwnerStreet: 'a'.repeat(301),
        projectOwnerPostcode: '00000',
        projectOwnerCity: 'c'.repeat(201),
      }),
    ).toEqual({
      projectOwnerStreet: 'Ce champ ne doit pas dépasser 300 caractères.',
      projectOwnerPostcode: 'Veuillez entrer un code postal valide (5 chiffres).',
      projectOwnerCity: 'Ce champ ne doit pas dépasser 200 caractères.',
    });
  });

  it('owner SIRET', () => {
    expect(errors(projectOwnerSiretStepSchema, { projectOwnerSiret: '73282932000075' })).toEqual({
      projectOwnerSiret: 'Le numéro SIRET est invalide.',
    });
    expect(errors(projectOwnerSiretStepSchema, { projectOwnerSiret: '73282932000074' })).toEqual({});
  });

  it('site: address and permission document required', () => {
    expect(errors(siteStepSchema, { siteAddress: '', permissionDocument: null })).toEqual({
      siteAddress: "L'adresse du site est requise.",
      permissionDocument: "Le document d'autorisation est requis.",
    });
    expect(errors(siteStepSchema, { siteAddress: '1 rue du Rhin, Colmar', permissionDocument: pdf })).toEqual({});
    expect(
      errors(siteStepSchema, { siteAddress: 'x', siteLatitude: 91, siteLongitude: 7.33, permissionDocument: pdf }),
    ).toEqual({ siteLatitude: 'Les coordonnées du site sont invalides.' });
    expect(
      errors(siteStepSchema, { siteAddress: 'x', permissionDocument: { ...pdf, name: 'virus.exe', type: '' } }),
    ).toEqual({ permissionDocument: 'Format de fichier non autorisé.' });
  });

  it('parcels: at least one', () => {
    expect(errors(parcelsStepSchema, { parcelNumbers: [] })).toEqual({
      parcelNumbers: 'Veuillez sélectionner au moins une parcelle.',
    });
    expect(errors(parcelsStepSchema, {})).toEqual({ parcelNumbers: 'Veuillez sélectionner au moins une parcelle.' });
    expect(errors(parcelsStepSchema, { parcelNumbers: ['68224000AB0123'] })).toEqual({});
  });

  it('parcels: at most MAX_PARCELS', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `68224000AB${String(i).padStart(4, '0')}`);
    expect(errors(parcelsStepSchema, { parcelNumbers: ids(MAX_PARCELS) })).toEqual({});
    expect(errors(parcelsStepSchema, { parcelNumbers: ids(MAX_PARCELS + 1) })).toEqual({ parcelNumbers: messages.parcelsMax });
  });

  it('surface: above 0, at most 1000', () => {
    expect(errors(surfaceStepSchema, { quantity: 0 })).toEqual({ quantity: 'La surface doit être supérieure à 0.' });
    expect(errors(surfaceStepSchema, { quantity: 0.01 })).toEqual({});
    expect(errors(surfaceStepSchema, { quantity: 1000 })).toEqual({});
    expect(errors(surfaceStepSchema, { quantity: 1000.5 })).toEqual({ quantity: 'La surface ne doit pas dépasser 1000 ha.' });
    expect(errors(surfaceStepSchema, {})).toEqual({ quantity: 'Ce champ est requis.' });
  });

  it('soil study: a file or the delegation', () => {
    const message = "Veuillez joindre une étude de sol ou en confier la réalisation à la plateforme.";
    expect(errors(soilStudyStepSchema, {})).toEqual({ soilStudyDocument: message });
    expect(errors(soilStudyStepSchema, { soilStudyDelegation: false, soilStudyDocument: null })).toEqual({
      soilStudyDocument: message,
    });
    expect(errors(soilStudyStepSchema, { soilStudyDelegation: true })).toEqual({});
    expect(errors(soilStudyStepSchema, { soilStudyDocument: pdf })).toEqual({});
  });

  it('composition: a complete row, or the unknown box', () => {
    const message =
      'Veuillez renseigner au moins un matériau (matériau, qualité et quantité) ou cocher « composition inconnue ».';
    const row = { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 5, price: 8 };
    expect(errors(compositionStepSchema, { materials: [] })).toEqual({ materials: message });
    expect(errors(compositionStepSchema, { materials: [{ ...row, quantity: 0 }] })).toEqual({ materials: message });
    expect(errors(compositionStepSchema, { materials: [row, { ...row, groundComposition: '' }] })).toEqual({
      materials: message,
    });
    expect(errors(compositionStepSchema, { materials: [row] })).toEqual({});
    expect(errors(compositionStepSchema, { materials: [], groundTypeUnknown: true })).toEqual({});
    expect(errors(compositionStepSchema, { materials: Array(MAX_MATERIAL_LINES).fill(row) })).toEqual({});
    expect(errors(compositionStepSchema, { materials: Array(MAX_MATERIAL_LINES + 1).fill(row) })).toEqual({
      materials: messages.materialLinesMax,
    });
  });

  it('availability: window and end not before start', () => {
    const schema = createAvailabilityStepSchema({ now });
    expect(errors(schema, { startDate: '2026-12-01', endDate: '2026-11-30' })).toEqual({
      endDate: 'La date de fin ne peut pas être antérieure à la date de début.',
    });
    expect(errors(schema, { startDate: '2026-12-01', endDate: '2026-12-01' })).toEqual({});
    expect(errors(schema, { startDate: '', endDate: '2030-01-01' })).toEqual({
      startDate: 'Ce champ est requis.',
      endDate: 'La date ne peut pas être postérieure au 22/11/2028.',
    });
  });

  it('certification box', () => {
    expect(errors(certificationStepSchema, { acceptCertification: false })).toEqual({
      acceptCertification: "Veuillez certifier l'exactitude des informations de l'annonce.",
    });
    expect(errors(certificationStepSchema, { acceptCertification: true })).toEqual({});
  });
});

describe('validateInquiryForSubmission', () => {
  const complete: InquiryForSubmission = {
    type: 'CUT',
    projectName: 'Chantier du Rhin',
    projectOwnerFirstName: 'Jean',
    projectOwnerLastName: 'Dupont',
    projectOwnerStreet: '1 rue du Rhin',
    projectOwnerPostcode: '68000',
    projectOwnerCity: 'Colmar',
    projectOwnerSiret: '73282932000074',
    siteAddress: '2 route de Bâle, Mulhouse',
    siteLatitude: 47.75,
    siteLongitude: 7.33,
    parcelNumbers: ['68224000AB0123'],
    quantity: 5.01,
    materials: [{ materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 100, price: 5 }],
    groundTypeUnknown: false,
    soilStudyDelegation: true,
    acceptCertification: true,
    startDate: '2026-12-01',
    endDate: '2027-06-30',
    documents: [{ kind: 'PERMISSION', source: 'ADVERTISER' }],
  };

  it('accepts a complete listing', () => {
    expect(validateInquiryForSubmission(complete, { now })).toEqual({ ok: true, errors: {} });
  });

  it('a soil study upload replaces the delegation', () => {
    const result = validateInquiryForSubmission(
      {
        ...complete,
        soilStudyDelegation: false,
        documents: [
          { kind: 'PERMISSION', source: 'ADVERTISER' },
          { kind: 'SOIL_STUDY', source: 'ADVERTISER' },
        ],
      },
      { now },
    );
    expect(result.ok).toBe(true);
  });

  it('counts only the organisation’s own uploads: what the platform sent is no permission nor soil study', () => {
    const result = validateInquiryForSubmission(
      {
        ...complete,
        soilStudyDelegation: false,
        documents: [
          { kind: 'PERMISSION', source: 'PLATFORM' },
          { kind: 'SOIL_STUDY', source: 'PLATFORM' },
        ],
      },
      { now },
    );
    expect(result.errors).toEqual({
      documents: "Le document d'autorisation est requis.",
      soil_study_delegation: 'Veuillez joindre une étude de sol ou en confier la réalisation à la plateforme.',
    });
  });

  it('reports every broken rule under its wire name', () => {
    const result = validateInquiryForSubmission({ type: 'CUT', projectName: 'Brouillon' }, { now });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({
      project_owner_first_name: 'Ce champ est requis.',
      project_owner_last_name: 'Ce champ est requis.',
      project_owner_street: 'Ce champ est requis.',
      project_owner_postcode: 'Ce champ est requis.',
      project_owner_city: 'Ce champ est requis.',
      project_owner_siret: 'Ce champ est requis.',
      site_address: "L'adresse du site est requise.",
      parcel_numbers: 'Veuillez sélectionner au moins une parcelle.',
      quantity: 'Ce champ est requis.',
      materials:
        'Veuillez renseigner au moins un matériau (matériau, qualité et quantité) ou cocher « composition inconnue ».',
      start_date: 'Ce champ est requis.',
      end_date: 'Ce champ est requis.',
      accept_certification: "Veuillez certifier l'exactitude des informations de l'annonce.",
      documents: "Le document d'autorisation est requis.",
      soil_study_delegation: "Veuillez joindre une étude de sol ou en confier la réalisation à la plateforme.",
    });
  });

  it('checks dates against the given day', () => {
    const later = new Date('2027-01-15T09:00:00Z');
    expect(validateInquiryForSubmission(complete, { now: later }).errors).toEqual({
      start_date: "La date ne peut pas être antérieure à aujourd'hui.",
    });
  });

  it('accepts material lines with their wire names', () => {
    const materials = [{ material_name: 'Autre', ground_composition: 'Nature inconnue', quantity: 3, price: 5 }];
    expect(validateInquiryForSubmission({ ...complete, materials }, { now }).ok).toBe(true);
  });

  it('refuses an unknown type', () => {
    expect(validateInquiryForSubmission({ ...complete, type: 'MIXED' }, { now }).errors).toEqual({
      type: "Le type d'annonce doit être CUT ou FILL.",
    });
  });
});
