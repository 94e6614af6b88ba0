import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { matchingMessages } from '../matching/messages';
import { fieldErrors } from '../validators/field-errors';
import { materialRowSchema } from './materials';
import {
  cutMaterialQualitySchema,
  fillAcceptanceSchema,
  isHazardousWasteCode,
  isInertOnlyAcceptance,
  parseWasteCode,
  POP_DECLARATIONS,
  POP_LABELS,
  popOf,
  QUALITY_CLASS_LABELS,
  QUALITY_CLASSES,
  qualityClassOf,
  RECEIVING_USE_LABELS,
  RECEIVING_USES,
  registerPopOf,
  soilQualityErrors,
  USE_ADMITTED_CLASSES,
  WASTE_CODE_LABELS,
  WASTE_CODES,
  wasteCodeOptionLabel,
} from './soil-quality';
import { validateInquiryForSubmission } from './wizard';

describe('soil quality vocabulary', () => {
  it('lists the five TEXS waste codes of the arrêté du 4 juin 2021, hazardous ones marked', () => {
    expect([...WASTE_CODES].sort()).toEqual(['17 05 03*', '17 05 04', '17 05 05*', '17 05 06', '20 02 02']);
    expect(WASTE_CODES.filter((code) => WASTE_CODE_LABELS[code].hazardous)).toEqual(['17 05 03*', '17 05 05*']);
    expect(WASTE_CODES.filter(isHazardousWasteCode)).toEqual(['17 05 03*', '17 05 05*']);
    expect(wasteCodeOptionLabel('20 02 02')).toBe('20 02 02 – Terres et pierres');
  });

  it('gives every class and use a French label and description', () => {
    for (const c of QUALITY_CLASSES) {
      expect(QUALITY_CLASS_LABELS[c].label.length).toBeGreaterThan(5);
      expect(QUALITY_CLASS_LABELS[c].description.length).toBeGreaterThan(20);
    }
    for (const use of RECEIVING_USES) expect(RECEIVING_USE_LABELS[use].label.length).toBeGreaterThan(5);
    expect(QUALITY_CLASS_LABELS.UNKNOWN.label).toBe('Qualité non renseignée');
    expect(RECEIVING_USE_LABELS.UNDER_BUILDING.label).toBe('Sous ou en contre-voile de bâtiment');
  });

  it('reads codes typed without spaces or with dots in the register spelling', () => {
    expect(parseWasteCode('170504')).toBe('17 05 04');
    expect(parseWasteCode(' 17.05.03 * ')).toBe('17 05 03*');
    expect(parseWasteCode('17 05 03')).toBeNull(); // not a TEXS code without its asterisk
    expect(parseWasteCode('17 01 01')).toBeNull();
    expect(parseWasteCode(170504)).toBeNull();
  });

  it('reads rows saved before the classification as UNKNOWN', () => {
    expect(qualityClassOf({})).toBe('UNKNOWN');
    expect(qualityClassOf({ qualityClass: 'whatever' })).toBe('UNKNOWN');
    expect(qualityClassOf({ qualityClass: 'SUITED_TO_USES' })).toBe('SUITED_TO_USES');
  });

  it('keeps the cleanest uses for inert soil', () => {
    expect(USE_ADMITTED_CLASSES.FOOD_GROWING).toEqual(['INERT_NATURAL_BACKGROUND']);
    expect(USE_ADMITTED_CLASSES.QUARRY_BACKFILL).toEqual(['INERT_NATURAL_BACKGROUND']);
    expect(USE_ADMITTED_CLASSES.UNCOVERED_GREEN_SPACE).not.toContain('SUITED_TO_USES');
    expect(isInertOnlyAcceptance({ receivingUse: 'UNDER_BUILDING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'UNKNOWN'] })).toBe(true);
    expect(isInertOnlyAcceptance({ receivingUse: 'UNDER_BUILDING', acceptedQualityClasses: ['SUITED_TO_USES'] })).toBe(false);
    expect(isInertOnlyAcceptance({ receivingUse: 'FOOD_GROWING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'] })).toBe(true);
    expect(isInertOnlyAcceptance({ receivingUse: null, acceptedQualityClasses: ['CASE_BY_CASE'] })).toBe(true);
  });
});

describe('material line with soil quality', () => {
  const line = { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 100, price: 8 };

  it('keeps old rows valid and leaves them without the new fields', () => {
    const result = v.safeParse(materialRowSchema, line);
    expect(result.success).toBe(true);
    expect(result.output).toEqual(line);
  });

  it('keeps the new fields and normalises the code', () => {
    const result = v.parse(materialRowSchema, { ...line, qualityClass: 'SUITED_TO_USES', wasteCode: '170504' });
    expect(result).toMatchObject({ qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' });
  });

  it('refuses an unknown class, an unknown code, and a hazardous code on natural inert soil', () => {
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...line, qualityClass: 'CLEAN' }))).toEqual({
      qualityClass: matchingMessages.qualityClassRequired,
    });
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...line, wasteCode: '17 01 01' }))).toEqual({
      wasteCode: matchingMessages.wasteCodeInvalid,
    });
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...line, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 03*' }))).toEqual({
      wasteCode: matchingMessages.hazardousNotInert,
    });
  });

  it('keeps a POP declaration, reads a missing one as UNKNOWN and refuses another value in French', () => {
    expect(v.parse(materialRowSchema, { ...line, pop: 'ABSENT' })).toMatchObject({ pop: 'ABSENT' });
    expect(v.parse(materialRowSchema, line)).not.toHaveProperty('pop');
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...line, pop: 'NON' }))).toEqual({ pop: matchingMessages.popInvalid });
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...line, pop: true }))).toEqual({ pop: matchingMessages.popInvalid });
    expect(popOf(line)).toBe('UNKNOWN');
    expect(popOf({ pop: 'PRESENT' })).toBe('PRESENT');
    expect(popOf({ pop: 'oui' })).toBe('UNKNOWN');
    expect(POP_DECLARATIONS.map((pop) => POP_LABELS[pop])).toEqual([
      'Non : pas de POP (analyses à l’appui)',
      'Oui : la terre contient des POP',
      'Non renseigné',
    ]);
  });

  it('gives the register OUI when one line declares POP, NON when every line declares none, else unknown', () => {
    expect(registerPopOf([{ pop: 'ABSENT' }, { pop: 'PRESENT' }])).toBe(true);
    expect(registerPopOf([{ pop: 'ABSENT' }, { pop: 'ABSENT' }])).toBe(false);
    // Never asserted: one undeclared line (or an old row) leaves the code's POP unknown, whatever its class.
    expect(registerPopOf([{ pop: 'ABSENT' }, { pop: 'UNKNOWN' }])).toBeNull();
    expect(registerPopOf([{ qualityClass: 'INERT_NATURAL_BACKGROUND' }])).toBeNull();
    expect(registerPopOf([])).toBeNull();
  });

  it('asks a CUT line for a known class and a code in the wizard', () => {
    expect(fieldErrors(v.safeParse(cutMaterialQualitySchema, {}))).toEqual({
      qualityClass: matchingMessages.qualityClassKnownRequired,
      wasteCode: matchingMessages.wasteCodeRequired,
    });
    expect(fieldErrors(v.safeParse(cutMaterialQualitySchema, { qualityClass: 'UNKNOWN', wasteCode: '17 05 04' }))).toEqual({
      qualityClass: matchingMessages.qualityClassKnownRequired,
    });
    expect(v.parse(cutMaterialQualitySchema, { qualityClass: 'CASE_BY_CASE', wasteCode: '170503*' })).toEqual({
      qualityClass: 'CASE_BY_CASE',
      wasteCode: '17 05 03*',
    });
  });
});

describe('fillAcceptanceSchema', () => {
  it('accepts a use, classes it admits and codes, without duplicates', () => {
    expect(
      v.parse(fillAcceptanceSchema, {
        receivingUse: 'ROAD_WORKS',
        acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES', 'SUITED_TO_USES'],
        acceptedWasteCodes: ['17 05 04', '170504', '17 05 03*'],
      }),
    ).toEqual({
      receivingUse: 'ROAD_WORKS',
      acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
      acceptedWasteCodes: ['17 05 04', '17 05 03*'],
    });
  });

  it('names each missing part in French', () => {
    expect(fieldErrors(v.safeParse(fillAcceptanceSchema, {}))).toEqual({
      receivingUse: matchingMessages.receivingUseRequired,
      acceptedQualityClasses: matchingMessages.acceptedClassesRequired,
      acceptedWasteCodes: matchingMessages.acceptedCodesRequired,
    });
    expect(
      fieldErrors(v.safeParse(fillAcceptanceSchema, { receivingUse: 'ROAD_WORKS', acceptedQualityClasses: [], acceptedWasteCodes: [] })),
    ).toEqual({
      acceptedQualityClasses: matchingMessages.acceptedClassesRequired,
      acceptedWasteCodes: matchingMessages.acceptedCodesRequired,
    });
  });

  it('refuses classes the use does not admit', () => {
    expect(
      fieldErrors(
        v.safeParse(fillAcceptanceSchema, {
          receivingUse: 'FOOD_GROWING',
          acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
          acceptedWasteCodes: ['17 05 04'],
        }),
      ),
    ).toEqual({ acceptedQualityClasses: matchingMessages.classNotAllowedForUse });
  });

  it('refuses hazardous codes on an inert-only receiver', () => {
    expect(
      fieldErrors(
        v.safeParse(fillAcceptanceSchema, {
          receivingUse: 'UNDER_BUILDING',
          acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'],
          acceptedWasteCodes: ['17 05 04', '17 05 03*'],
        }),
      ),
    ).toEqual({ acceptedWasteCodes: matchingMessages.hazardousNotForInertReceiver });
  });
});

describe('soil quality at submission', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const complete = {
    type: 'CUT',
    projectName: 'Parking',
    projectOwnerFirstName: 'Anne',
    projectOwnerLastName: 'Martin',
    projectOwnerStreet: '1 rue de la Gare',
    projectOwnerPostcode: '68100',
    projectOwnerCity: 'Mulhouse',
    projectOwnerSiret: '73282932000074',
    siteAddress: '2 rue du Chantier 68100 Mulhouse',
    parcelNumbers: ['68224000AB0123'],
    quantity: 2,
    materials: [{ material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 100, price: 8 }],
    acceptCertification: true,
    soilStudyDelegation: true,
    startDate: '2026-12-01',
    endDate: '2027-01-31',
    documents: [{ kind: 'PERMISSION', source: 'ADVERTISER' }],
  };

  it('is not required unless asked, so drafts saved before stay submittable', () => {
    expect(validateInquiryForSubmission(complete, { now })).toEqual({ ok: true, errors: {} });
  });

  it('names each CUT line lacking a class or a code, by wire name', () => {
    const check = validateInquiryForSubmission(complete, { now, requireSoilQuality: true });
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual({
      'materials.0.quality_class': matchingMessages.qualityClassKnownRequired,
      'materials.0.waste_code': matchingMessages.wasteCodeRequired,
    });
    const classified = { ...complete, materials: [{ ...complete.materials[0], quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' }] };
    expect(validateInquiryForSubmission(classified, { now, requireSoilQuality: true }).ok).toBe(true);
  });

  it('asks a FILL listing for its acceptance', () => {
    expect(soilQualityErrors({ type: 'FILL' })).toEqual({
      receiving_use: matchingMessages.receivingUseRequired,
      accepted_quality_classes: matchingMessages.acceptedClassesRequired,
      accepted_waste_codes: matchingMessages.acceptedCodesRequired,
    });
    expect(
      soilQualityErrors({
        type: 'FILL',
        acceptance: { receivingUse: 'COVERED_GREEN_SPACE', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'], acceptedWasteCodes: ['17 05 04'] },
      }),
    ).toEqual({});
  });

  it('asks nothing of a CUT listing of unknown composition', () => {
    expect(soilQualityErrors({ type: 'CUT', groundTypeUnknown: true, materials: [] })).toEqual({});
  });
});

describe('acceptanceFromFields and the patch schema', () => {
  it('reads the three wire fields, null when none is set', async () => {
    const { acceptanceFromFields } = await import('./soil-quality');
    expect(acceptanceFromFields({ receivingUse: null, acceptedQualityClasses: [], acceptedWasteCodes: [] })).toBeNull();
    expect(acceptanceFromFields({ receivingUse: 'ROAD_WORKS', acceptedQualityClasses: ['SUITED_TO_USES', 'X'], acceptedWasteCodes: ['170504'] })).toEqual({
      receivingUse: 'ROAD_WORKS',
      acceptedQualityClasses: ['SUITED_TO_USES'],
      acceptedWasteCodes: ['17 05 04'],
    });
  });

  it('lets a draft edit carry the acceptance and the line fields', async () => {
    const { inquiryPatchSchema } = await import('./patch');
    const parsed = v.parse(inquiryPatchSchema, {
      receivingUse: 'UNDER_BUILDING',
      acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'INERT_NATURAL_BACKGROUND'],
      acceptedWasteCodes: ['17.05.04'],
      materials: [{ material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 10, quality_class: 'SUITED_TO_USES', waste_code: '170504' }],
    });
    expect(parsed.acceptedQualityClasses).toEqual(['INERT_NATURAL_BACKGROUND']);
    expect(parsed.acceptedWasteCodes).toEqual(['17 05 04']);
    expect(parsed.materials?.[0]).toMatchObject({ qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' });
    expect(fieldErrors(v.safeParse(inquiryPatchSchema, { receivingUse: 'PARKING' }))).toEqual({ receivingUse: matchingMessages.receivingUseRequired });
    expect(v.parse(inquiryPatchSchema, { receivingUse: '' }).receivingUse).toBeNull();
  });
});
