import { INQUIRY_WIRE_FIELDS, messages } from '@terres/domain';
import { describe, expect, it } from 'vitest';
import { completeDocuments, completeListing, dayFromToday, document, listing } from '../testing/fake-listing-api';
import {
  firstInvalidIndex,
  indexOf,
  indexOfWireField,
  isStepEnd,
  payloadFor,
  stepPayload,
  SUB_STEPS,
  subStepCount,
  validateSubStep,
  validPayload,
} from '.';
import { emptyValues, valuesFromInquiry } from '../model/values';

describe('wizard sub-steps', () => {
  it('has the spec’s 4 steps of 5, 1, 5 and 1 sub-steps', () => {
    expect([1, 2, 3, 4].map(subStepCount)).toEqual([5, 1, 5, 1]);
    expect(SUB_STEPS.filter((_, i) => isStepEnd(i)).map((s) => s.key)).toEqual(['site', 'parcels', 'otherDocuments', 'summary']);
    expect(indexOf(3, 2)).toBe(7);
    expect(indexOf(9, 9)).toBe(11);
    expect(indexOf(2, 4)).toBe(5);
  });

  it('leads each wire field of a 422 to the sub-step that enters it', () => {
    const at = (path: string) => SUB_STEPS[indexOfWireField(path)]?.key;
    expect(at('project_owner_siret')).toBe('projectOwnerSiret');
    expect(at('documents')).toBe('site');
    expect(at('materials.0.ground_composition')).toBe('composition');
    expect(at('soil_study_delegation')).toBe('soilStudy');
    expect(at('accept_certification')).toBe('summary');
  });

  it('says where a draft stops: the first sub-step its values do not satisfy', () => {
    expect(firstInvalidIndex(emptyValues(), { documents: [] })).toBe(0);
    const complete = valuesFromInquiry(completeListing());
    expect(firstInvalidIndex(complete, { documents: completeDocuments() })).toBe(11);
    expect(firstInvalidIndex(complete, { documents: [document('SOIL_STUDY', 'etude.pdf')] })).toBe(4);
    expect(firstInvalidIndex({ ...complete, parcelNumbers: [] }, { documents: completeDocuments() })).toBe(5);
  });

  it('checks the material lines with the domain’s row rule, numbers read the French way', () => {
    const values = valuesFromInquiry(listing());
    values.materials = [{ key: 'a', materialName: 'Autre', groundComposition: 'Bonne qualité', quantity: '1,5', price: 'x' }];
    expect(validateSubStep('composition', values, { documents: [] })).toMatchObject({
      'materials.0.groundComposition': messages.qualityRequired,
      'materials.0.price': expect.any(String),
    });
    values.materials = [{ key: 'a', materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: '1,5', price: '' }];
    expect(validateSubStep('composition', values, { documents: [] })).toEqual({});
    expect(payloadFor('composition', values)).toEqual({
      ground_type_unknown: false,
      materials: [{ material_name: 'Autre', ground_composition: 'Nature inconnue', quantity: 1.5 }],
    });
  });

  it('asks the contract references in « Autres documents », all optional, each on one line', () => {
    const values = emptyValues();
    expect(validateSubStep('otherDocuments', values, { documents: [] })).toEqual({});
    const filled = {
      ...values,
      sisIdentifier: '67sis00321',
      analysisReferences: ' Eurofins, rapport 25-118204 ',
      soilPreparer: 'Terrassements du Ried',
      permitReference: 'PC 067 482 26 00017',
      permitDate: '2026-06-15',
    };
    expect(validateSubStep('otherDocuments', filled, { documents: [], now: new Date('2026-11-27T10:00:00Z') })).toEqual({});
    expect(payloadFor('otherDocuments', filled)).toMatchObject({
      sis_identifier: '67sis00321',
      analysis_references: 'Eurofins, rapport 25-118204',
      soil_preparer: 'Terrassements du Ried',
      permit_reference: 'PC 067 482 26 00017',
      permit_date: '2026-06-15',
    });
    expect(
      validateSubStep('otherDocuments', { ...values, soilPreparer: 'Terrassements\nArticle 9', permitDate: '2099-01-01' }, { documents: [], now: new Date('2026-11-27T10:00:00Z') }),
    ).toEqual({ soilPreparer: messages.singleLine, permitDate: messages.permitDateFuture });
    expect(indexOfWireField('permit_date')).toBe(indexOf(3, 5));
  });

  it('checks the availability window and the order of the dates', () => {
    const values = { ...emptyValues(), startDate: dayFromToday(20), endDate: dayFromToday(5) };
    expect(validateSubStep('availability', values, { documents: [] })).toEqual({ endDate: messages.endBeforeStart });
  });

  it('sends only wire names, and only what is valid, when saving a draft', () => {
    const values = { ...valuesFromInquiry(completeListing()), projectOwnerPostcode: '123' };
    const patch = validPayload(values, { documents: completeDocuments() });
    expect(patch).not.toHaveProperty('project_owner_postcode');
    expect(patch).toHaveProperty('parcel_numbers', ['68224000AB0123']);
    for (const key of Object.keys(patch)) expect(INQUIRY_WIRE_FIELDS).toContain(key);
    // Which fields the step saves; their order in the body is the fields table's.
    expect(Object.keys(stepPayload(1, values)).sort()).toEqual([
      'project_name',
      'project_owner_first_name',
      'project_owner_last_name',
      'project_owner_company_name',
      'project_owner_street',
      'project_owner_postcode',
      'project_owner_city',
      'project_owner_siret',
      'site_address',
      'site_latitude',
      'site_longitude',
    ].sort());
  });

  it('asks the maître d’ouvrage’s raison sociale, optional, on one line of at most 200 characters', () => {
    const values = { ...valuesFromInquiry(completeListing()), projectOwnerCompanyName: '' };
    expect(validateSubStep('projectOwner', values, { documents: [] })).toEqual({});
    expect(validateSubStep('projectOwner', { ...values, projectOwnerCompanyName: 'x'.repeat(201) }, { documents: [] })).toEqual({
      projectOwnerCompanyName: 'Ce champ ne doit pas dépasser 200 caractères.',
    });
    expect(payloadFor('projectOwner', { ...values, projectOwnerCompanyName: ' Ville de Mulhouse ' })).toMatchObject({
      project_owner_company_name: 'Ville de Mulhouse',
    });
  });
});
