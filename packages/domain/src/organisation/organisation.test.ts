import { expectSpecTexts } from '@terres/vitest-config/spec-texts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import { validateInvite } from './collaborators';
import { isOrganisationComplete, onboardingPath, onboardingStep } from './onboarding-step';
import {
  ORGANISATION_EDIT_FIELDS,
  ORGANISATION_EDIT_MAX_LENGTHS,
  ORGANISATION_FIELD_LABELS,
  ORGANISATION_SECTIONS,
  onboardingStep1Schema,
  onboardingStep2Schema,
  onboardingStep3Schema,
  organisationEditSchema,
  organisationUpdateSchema,
} from './organisation';
import { companyLegalName } from './organisation';

const errors = (schema: v.GenericSchema, input: unknown) => fieldErrors(v.safeParse(schema, input));

const step1 = {
  name: 'Terres du Rhin',
  registrationNumber: '73282932000074',
  legalForm: 'SAS',
  street: '1 rue du Port',
  postcode: '68100',
  city: 'Mulhouse',
};
const step2 = { email: 'contact@terres.fr', officePhoneNumber: '03 89 00 00 00', mobilePhoneNumber: '06 00 00 00 00' };
const step3 = {
  representativeFirstName: 'Anne',
  representativeLastName: 'Martin',
  representativePosition: 'Présidente',
  representativeEmail: 'anne@terres.fr',
  representativePhoneNumber: '06 11 11 11 11',
};

describe('onboarding step 1', () => {
  it('names each missing field with the spec message', () => {
    expect(errors(onboardingStep1Schema, {})).toEqual({
      name: "Le nom de l'organisation est requis",
      registrationNumber: "Le numéro d'enregistrement est requis",
      legalForm: 'La forme juridique est requise',
      street: "L'adresse est requise",
      postcode: 'Le code postal est requis',
      city: 'La ville est requise',
    });
  });

  it('needs a valid SIRET and postcode, legal form max 80', () => {
    expect(
      errors(onboardingStep1Schema, { ...step1, registrationNumber: '123', postcode: '00000', legalForm: 'x'.repeat(81) }),
    ).toEqual({
      registrationNumber: 'Le numéro SIRET doit contenir exactement 14 chiffres.',
      postcode: 'Veuillez entrer un code postal valide (5 chiffres).',
      legalForm: 'Ce champ ne doit pas dépasser 80 caractères.',
    });
  });

  it('country defaults to France', () => {
    expect(v.parse(onboardingStep1Schema, step1).country).toBe('France');
    expect(v.parse(onboardingStep1Schema, { ...step1, country: ' ' }).country).toBe('France');
    expect(v.parse(onboardingStep1Schema, { ...step1, country: 'Belgique' }).country).toBe('Belgique');
  });
});

describe('onboarding steps 2 and 3 require what onboardingStep checks (CONTRACT §11)', () => {
  it('step 2: e-mail and both phones required, each with its own message', () => {
    expect(errors(onboardingStep2Schema, {})).toEqual({
      email: "L'email de l'organisation est requis",
      officePhoneNumber: 'Le téléphone fixe est requis',
      mobilePhoneNumber: 'Le téléphone portable est requis',
    });
    expect(errors(onboardingStep2Schema, { email: ' ', officePhoneNumber: '', mobilePhoneNumber: null })).toEqual({
      email: "L'email de l'organisation est requis",
      officePhoneNumber: 'Le téléphone fixe est requis',
      mobilePhoneNumber: 'Le téléphone portable est requis',
    });
  });

  it('step 2: simple e-mail pattern and phone pattern', () => {
    expect(errors(onboardingStep2Schema, { ...step2, email: 'contact@terres' })).toEqual({ email: "Format d'email invalide" });
    expect(errors(onboardingStep2Schema, { ...step2, officePhoneNumber: '03 89 00 AB', mobilePhoneNumber: '12' })).toEqual({
      officePhoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
      mobilePhoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
    });
    expect(v.parse(onboardingStep2Schema, { ...step2, email: ' contact@terres.fr ' }).email).toBe('contact@terres.fr');
  });

  it('step 3: all five representative fields required', () => {
    expect(errors(onboardingStep3Schema, {})).toEqual({
      representativeFirstName: 'Le prénom est requis',
      representativeLastName: 'Le nom est requis',
      representativePosition: 'La fonction est requise',
      representativeEmail: "L'email du représentant est requis",
      representativePhoneNumber: 'Le téléphone du représentant est requis',
    });
    expect(errors(onboardingStep3Schema, { ...step3, representativeEmail: 'x', representativePhoneNumber: 'abc' })).toEqual({
      representativeEmail: "Format d'email invalide",
      representativePhoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
    });
    expect(errors(onboardingStep3Schema, step3)).toEqual({});
  });

  it('what a step accepts, onboardingStep counts as done: no way back to a passed step', () => {
    const afterStep2 = { ...step1, ...v.parse(onboardingStep2Schema, step2) };
    expect(onboardingStep(afterStep2)).toBe(3);
    const afterStep3 = { ...afterStep2, ...v.parse(onboardingStep3Schema, step3) };
    expect(onboardingStep(afterStep3)).toBe('complete');
    // And the other way round: anything the step rule calls missing, the form refuses.
    for (const key of Object.keys(step2)) {
      expect(onboardingStep({ ...step1, ...step2, [key]: '  ' })).toBe(2);
      expect(errors(onboardingStep2Schema, { ...step2, [key]: '  ' })).toHaveProperty(key);
    }
    for (const key of Object.keys(step3)) {
      expect(onboardingStep({ ...step1, ...step2, ...step3, [key]: '' })).toBe(3);
      expect(errors(onboardingStep3Schema, { ...step3, [key]: '' })).toHaveProperty(key);
    }
  });
});

describe('organisation edit and update', () => {
  it('edit form checks SIRET, postcode (max 20) and phones', () => {
    expect(
      errors(organisationEditSchema, {
        ...step1,
        ...step3,
        registrationNumber: '73282932000075',
        postcode: '6'.repeat(21),
        officePhoneNumber: 'abc',
        mobilePhoneNumber: '1'.repeat(21),
      }),
    ).toEqual({
      registrationNumber: 'Le numéro SIRET est invalide.',
      postcode: 'Veuillez entrer un code postal valide (5 chiffres).',
      officePhoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
      mobilePhoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
    });
    expect(errors(organisationEditSchema, { ...step1, ...step2, ...step3 })).toEqual({});
  });

  it('edit form keeps the onboarding rules: phones and representative fields cannot be blanked', () => {
    expect(
      errors(organisationEditSchema, { ...step1, ...step3, officePhoneNumber: '', mobilePhoneNumber: '', representativeEmail: '' }),
    ).toEqual({
      officePhoneNumber: 'Le téléphone fixe est requis',
      mobilePhoneNumber: 'Le téléphone portable est requis',
      representativeEmail: "L'email du représentant est requis",
    });
  });

  it('update accepts any subset, but never blanks a required field', () => {
    expect(errors(organisationUpdateSchema, {})).toEqual({});
    expect(errors(organisationUpdateSchema, { email: 'contact@terres.fr' })).toEqual({});
    expect(errors(organisationUpdateSchema, step2)).toEqual({});
    expect(errors(organisationUpdateSchema, step3)).toEqual({});
    expect(errors(organisationUpdateSchema, { name: '  ' })).toEqual({ name: "Le nom de l'organisation est requis" });
    expect(errors(organisationUpdateSchema, { postcode: '1' })).toEqual({
      postcode: 'Veuillez entrer un code postal valide (5 chiffres).',
    });
    expect(errors(organisationUpdateSchema, { email: '', officePhoneNumber: null, representativePhoneNumber: ' ' })).toEqual({
      email: "L'email de l'organisation est requis",
      officePhoneNumber: 'Le téléphone fixe est requis',
      representativePhoneNumber: 'Le téléphone du représentant est requis',
    });
  });
});

describe('organisation sections and input limits (both apps’ forms)', () => {
  it('has the four sections of spec §2, each edit-form field once, the e-mail left out', () => {
    expect(ORGANISATION_SECTIONS.map((section) => section.title)).toEqual(['Identité', 'Siège Social', 'Coordonnées', 'Représentant légal']);
    expect(() => expectSpecTexts(Object.fromEntries(ORGANISATION_SECTIONS.map((section) => [section.id, section.title])))).not.toThrow();
    expect([...ORGANISATION_EDIT_FIELDS].sort()).toEqual(Object.keys(organisationEditSchema.entries).sort());
    expect(new Set(ORGANISATION_EDIT_FIELDS).size).toBe(ORGANISATION_EDIT_FIELDS.length);
    expect(ORGANISATION_EDIT_FIELDS).not.toContain('email');
  });

  it('labels each edit-form field once, in the spec’s words where it gives them', () => {
    expect(Object.keys(ORGANISATION_FIELD_LABELS).sort()).toEqual([...ORGANISATION_EDIT_FIELDS].sort());
    const { representativeLastName, representativeFirstName, representativeEmail, representativePhoneNumber, ...quoted } = ORGANISATION_FIELD_LABELS;
    expect(() => expectSpecTexts(quoted)).not.toThrow();
    // The representative's names read as everywhere else; the spec gives no words for its e-mail and phone on these pages.
    expect([representativeLastName, representativeFirstName]).toEqual(['Nom', 'Prénom']);
    expect([representativeEmail, representativePhoneNumber]).toEqual(['Email du représentant', 'Téléphone du représentant']);
  });

  it('gives each field the limit of spec §5 and §9', () => {
    expect(ORGANISATION_EDIT_MAX_LENGTHS).toMatchObject({
      registrationNumber: 20,
      postcode: 20,
      officePhoneNumber: 20,
      legalForm: 80,
      representativeFirstName: 100,
      name: 200,
      representativeEmail: 254,
    });
  });

  // An input that stops at its limit never loses what the schema would accept, and never lets
  // through what it refuses: one character over each limit is an error on that field.
  it('is exactly what the edit schema refuses beyond', () => {
    const valid = { ...step1, ...step2, ...step3, country: 'France' };
    const over: Record<string, string> = {
      registrationNumber: '7'.repeat(21),
      // Dashes are dropped before the 5-digit rule: only the length refuses these.
      postcode: `68100${'-'.repeat(16)}`,
      officePhoneNumber: '0'.repeat(21),
      mobilePhoneNumber: '0'.repeat(21),
      representativePhoneNumber: '0'.repeat(21),
      representativeEmail: `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(4)}.fr`,
    };
    for (const field of ORGANISATION_EDIT_FIELDS) {
      const limit = ORGANISATION_EDIT_MAX_LENGTHS[field];
      const value = over[field] ?? 'a'.repeat(limit + 1);
      expect(value.length, field).toBe(limit + 1);
      expect(Object.keys(errors(organisationEditSchema, { ...valid, [field]: value })), field).toEqual([field]);
      if (!(field in over)) expect(errors(organisationEditSchema, { ...valid, [field]: 'a'.repeat(limit) }), field).toEqual({});
    }
    expect(errors(organisationEditSchema, { ...valid, postcode: `68100${'-'.repeat(15)}` })).toEqual({});
    // A SIRET pasted in groups, separators included, fits the input and passes.
    expect(errors(organisationEditSchema, { ...valid, registrationNumber: ` ${valid.registrationNumber.replace(/(\d{3})(\d{3})(\d{3})(\d{5})/, '$1 $2 $3 $4')} ` })).toEqual({});
    const longestEmail = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(3)}.fr`;
    expect(longestEmail).toHaveLength(254);
    expect(errors(organisationEditSchema, { ...valid, representativeEmail: longestEmail })).toEqual({});
  });
});

describe('onboardingStep', () => {
  it('no organisation is step 1', () => {
    expect(onboardingStep(null)).toBe(1);
    expect(onboardingStep(undefined)).toBe(1);
  });

  it.each(Object.keys(step1))('missing %s is step 1', (key) => {
    expect(onboardingStep({ ...step1, ...step2, ...step3, [key]: ' ' })).toBe(1);
  });

  it.each(Object.keys(step2))('missing %s is step 2', (key) => {
    expect(onboardingStep({ ...step1, ...step2, ...step3, [key]: null })).toBe(2);
  });

  it.each(Object.keys(step3))('missing %s is step 3', (key) => {
    expect(onboardingStep({ ...step1, ...step2, ...step3, [key]: '' })).toBe(3);
  });

  it('complete, also with snake_case keys', () => {
    expect(onboardingStep({ ...step1, ...step2, ...step3 })).toBe('complete');
    expect(
      onboardingStep({
        name: 'X',
        registration_number: '73282932000074',
        legal_form: 'SAS',
        street: 'a',
        postcode: '68100',
        city: 'b',
        email: 'c@d.fr',
        office_phone_number: '123456',
        mobile_phone_number: '123456',
        representative_first_name: 'a',
        representative_last_name: 'b',
        representative_position: 'c',
        representative_email: 'd@e.fr',
        representative_phone_number: '123456',
      }),
    ).toBe('complete');
    expect(isOrganisationComplete({ ...step1 })).toBe(false);
    expect(onboardingPath(2)).toBe('/onboarding/step-2');
  });
});

describe('validateInvite', () => {
  const base = { selfEmail: 'owner@terres.fr', existingEmails: ['Paul@Terres.fr'] };

  it('accepts a new address', () => {
    expect(validateInvite({ ...base, email: ' marie@terres.fr ' })).toEqual({ ok: true, email: 'marie@terres.fr' });
  });

  it('checks the pattern and presence', () => {
    expect(validateInvite({ ...base, email: 'marie@terres' })).toEqual({ ok: false, message: "Format d'email invalide" });
    expect(validateInvite({ ...base, email: '' })).toEqual({ ok: false, message: 'Ce champ est requis.' });
  });

  it('refuses oneself and duplicates, case-insensitively', () => {
    expect(validateInvite({ ...base, email: 'OWNER@terres.fr' })).toEqual({
      ok: false,
      message: 'Vous ne pouvez pas vous inviter vous-même',
    });
    expect(validateInvite({ ...base, email: 'paul@terres.FR' })).toEqual({
      ok: false,
      message: 'Un employé avec cette adresse email a déjà été invité',
    });
  });

  it('stops at 5 collaborators', () => {
    const four = ['a@t.fr', 'b@t.fr', 'c@t.fr', 'd@t.fr'];
    expect(validateInvite({ email: 'e@t.fr', existingEmails: four }).ok).toBe(true);
    expect(validateInvite({ email: 'f@t.fr', existingEmails: [...four, 'e@t.fr'] })).toEqual({
      ok: false,
      message: 'Vous avez atteint le nombre maximal de collaborateurs (5)',
    });
  });
});

describe('companyLegalName', () => {
  it('adds the legal form in brackets once, never repeated when the raison sociale states it', () => {
    expect(companyLegalName('Paysages et Remblais d’Alsace', 'SARL')).toBe('Paysages et Remblais d’Alsace (SARL)');
    expect(companyLegalName('Travaux Publics de l’Eurométropole SAS', 'SAS')).toBe('Travaux Publics de l’Eurométropole SAS');
    expect(companyLegalName('SAS', 'SAS')).toBe('SAS');
    expect(companyLegalName('Terrassements S.A.S. du Ried', 'SAS')).toBe('Terrassements S.A.S. du Ried');
    expect(companyLegalName('Commune de Sasbach', 'SAS')).toBe('Commune de Sasbach (SAS)');
    expect(companyLegalName('Régie des eaux', '')).toBe('Régie des eaux');
  });
});
