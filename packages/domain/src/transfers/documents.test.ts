import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { editSchemaOf, LISTING_FIELD_KEYS, LISTING_FIELDS } from '../inquiry/fields';
import { describeParcelId } from '../inquiry/parcel';
import { messages } from '../messages';
import { matchingMessages } from '../matching/messages';
import { materialRowSchema } from '../inquiry/materials';
import { isConsistentPop } from '../inquiry/soil-quality';
import {
  applicableGuide,
  CONTRACT_FACT_FIELDS,
  contractFactsEditable,
  contractFactsMissingMessage,
  contractFactsPatchSchema,
  missingContractFacts,
  soilUseCategory,
  transferLotNumber,
  transferLots,
  transferMissingContractFacts,
} from './documents';

const line = (cutLine: number, volumeM3: number, materialName = 'Limons') => ({ cutLine, volumeM3, materialName, groundComposition: 'Limons argileux' });

describe('transferLots', () => {
  it('makes one lot per waste code and quality class, numbered in code then class order', () => {
    const materials = [
      { qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
      { qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' },
      { qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' },
      { qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
      {},
    ];
    const lots = transferLots(materials, [line(1, 8000), line(0, 1000), line(2, 500), line(3, 300, 'Graves'), line(4, 50)]);
    expect(lots.map((lot) => [lot.index, lot.wasteCode, lot.qualityClass, lot.proposedM3, lot.mixed])).toEqual([
      [1, '17 05 04', 'INERT_NATURAL_BACKGROUND', 1300, true],
      [2, '17 05 04', 'SUITED_TO_USES', 500, false],
      // A line without code is declared as 17 05 04, as the register does.
      [3, '17 05 04', 'UNKNOWN', 50, false],
      [4, '17 05 03*', 'CASE_BY_CASE', 8000, false],
    ]);
  });

  it('makes the lots of a code the loads carried that the match did not propose', () => {
    const materials = [
      { materialName: 'Sable', groundComposition: 'Alluvions', qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
      { materialName: 'Autre', groundComposition: 'Nature inconnue', qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' },
    ];
    const lots = transferLots(materials, [line(0, 9000, 'Sable')], ['17 05 04', '17 05 03*']);
    expect(lots.map((lot) => [lot.index, lot.wasteCode, lot.qualityClass, lot.proposedM3, lot.lines[0]?.materialName])).toEqual([
      [1, '17 05 04', 'INERT_NATURAL_BACKGROUND', 9000, 'Sable'],
      [2, '17 05 03*', 'CASE_BY_CASE', 0, 'Autre'],
    ]);
  });

  it('numbers a lot within the 36 characters of a register id, room left for a split suffix', () => {
    const number = transferLotNumber('53d44de4-c74d-4bae-8c11-5e84902a1b2c', 12);
    expect(number).toBe('53d44de4c74d4bae8c115e84-L12');
    expect(`${number}-999`.length).toBeLessThanOrEqual(36);
    expect(number).toMatch(/^[A-Za-z0-9\-_./]+$/);
  });
});

describe('soilUseCategory', () => {
  it('puts road works under génie civil and the other uses under aménagement', () => {
    expect(soilUseCategory('ROAD_WORKS')).toBe('GENIE_CIVIL');
    expect(soilUseCategory('UNDER_BUILDING')).toBe('AMENAGEMENT');
    expect(soilUseCategory('UNCOVERED_GREEN_SPACE')).toBe('AMENAGEMENT');
    expect(soilUseCategory(null)).toBeNull();
  });
});

describe('missingContractFacts', () => {
  it('lists what each side lacks for the contract, not the SIS identifier', () => {
    expect(missingContractFacts({ type: 'CUT', soilPreparer: 'Terrassements du Ried', analysisReferences: ' ' }).map((f) => f.field)).toEqual([
      'analysisReferences',
      'permitReference',
      'permitDate',
    ]);
    expect(missingContractFacts({ type: 'FILL', permitReference: 'PC 068 224 25 00012', permitDate: '2025-03-01' })).toEqual([]);
    expect(missingContractFacts({ type: 'FILL' })[0]).toEqual({ side: 'FILL', field: 'permitReference', label: LISTING_FIELDS.permitReference.label });
  });
});

describe('contract facts after validation (decision 0175)', () => {
  it('are the five references of the fields table marked afterApproval, nothing the validation reviewed', () => {
    expect(CONTRACT_FACT_FIELDS).toEqual(['sisIdentifier', 'analysisReferences', 'soilPreparer', 'permitReference', 'permitDate']);
    expect(LISTING_FIELD_KEYS.filter((key) => LISTING_FIELDS[key].afterApproval && LISTING_FIELDS[key].sealed)).toEqual([]);
  });

  it('change from validation to processed, never under review or as a draft (the edit carries them there)', () => {
    expect(['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'].every(contractFactsEditable)).toBe(true);
    expect(['DRAFT', 'PENDING_VALIDATION', 'REJECTED', 'ARCHIVED', null].some(contractFactsEditable)).toBe(false);
  });

  it('are checked by their fields’ rules, cleared by a blank, and no other field passes', () => {
    const schema = contractFactsPatchSchema({ now: new Date('2026-11-27T12:00:00Z') });
    expect(v.parse(schema, { sisIdentifier: ' 68sis06001 ', analysisReferences: '', permitDate: '2026-01-15' })).toEqual({
      sisIdentifier: '68SIS06001',
      analysisReferences: null,
      permitDate: '2026-01-15',
    });
    expect(v.safeParse(schema, { permitDate: '2027-01-01' }).issues?.[0]?.message).toBe(messages.permitDateFuture);
    expect(v.safeParse(schema, { soilPreparer: 'Ligne 1\nArticle 9' }).success).toBe(false);
    expect(v.safeParse(schema, { quantity: 3 }).issues?.[0]?.message).toBe(matchingMessages.contractFactsOnly);
  });

  it('gate the contract: both sides’ missing facts, named with their side in the 409', () => {
    const missing = transferMissingContractFacts({ soilPreparer: 'Terrassements du Ried', analysisReferences: 'Eurofins 123', permitReference: 'PC 1' }, { permitReference: 'PA 2', permitDate: '2025-03-01' });
    expect(missing).toEqual([{ side: 'CUT', field: 'permitDate', label: LISTING_FIELDS.permitDate.label }]);
    expect(contractFactsMissingMessage(missing)).toBe(
      'Le contrat de cession ne peut pas encore être généré. À renseigner : Date de l’autorisation d’urbanisme (site de déblais). Chaque partie les complète sur la page du transfert.',
    );
    expect(transferMissingContractFacts({}, {}).map((fact) => `${fact.side}.${fact.field}`)).toEqual([
      'CUT.soilPreparer',
      'CUT.analysisReferences',
      'CUT.permitReference',
      'CUT.permitDate',
      'FILL.permitReference',
      'FILL.permitDate',
    ]);
  });
});

describe('POP on soil classed inert', () => {
  const row = { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 10, price: 8, wasteCode: '17 05 04' };
  it('refuses POP PRESENT on « inerte du fond géochimique naturel », with its message on pop', () => {
    const result = v.safeParse(materialRowSchema, { ...row, qualityClass: 'INERT_NATURAL_BACKGROUND', pop: 'PRESENT' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [issue.path?.map((p) => p.key).join('.'), issue.message])).toEqual([['pop', matchingMessages.popNotInert]]);
  });
  it('accepts POP on another class, and an inert soil without POP or with POP not declared', () => {
    expect(v.safeParse(materialRowSchema, { ...row, qualityClass: 'CASE_BY_CASE', pop: 'PRESENT' }).success).toBe(true);
    expect(v.safeParse(materialRowSchema, { ...row, qualityClass: 'INERT_NATURAL_BACKGROUND', pop: 'ABSENT' }).success).toBe(true);
    expect(isConsistentPop({ qualityClass: 'INERT_NATURAL_BACKGROUND', pop: 'UNKNOWN' })).toBe(true);
  });
});

describe('describeParcelId', () => {
  it('names commune, préfixe, section and numéro', () => {
    expect(describeParcelId('68224000EX0010')).toBe('commune 68224, préfixe 000, section EX, n° 0010');
    expect(describeParcelId('682240000A0123')).toBe('commune 68224, préfixe 000, section A, n° 0123');
    expect(describeParcelId('not a parcel')).toBe('not a parcel');
  });
});

describe('single-line listing texts', () => {
  const texts = LISTING_FIELD_KEYS.filter((key) => LISTING_FIELDS[key].kind === 'text');
  it.each(texts)('%s refuses a line break and a control character inside, in French', (key) => {
    for (const bad of ['Ville de Colmar\nArticle 9 – IBAN', 'Ville\rde Colmar', 'Ville\u0007de Colmar', 'Ville\u2028de Colmar', 'Ville\tde Colmar']) {
      const result = v.safeParse(editSchemaOf(key), bad);
      expect(result.success, `${key} ${JSON.stringify(bad)}`).toBe(false);
    }
  });

  it('says so in French, and keeps accepting a clean text trimmed', () => {
    const result = v.safeParse(editSchemaOf('projectName'), 'Chantier\nArticle 9');
    expect(result.issues?.[0]?.message).toBe(messages.singleLine);
    expect(v.parse(editSchemaOf('soilPreparer'), '  Terrassements du Ried  ')).toBe('Terrassements du Ried');
  });

  it('takes an SIS identifier upper-cased, 10 to 15 letters and digits, and a permit day not in the future', () => {
    expect(v.parse(editSchemaOf('sisIdentifier'), ' 68sis06001 ')).toBe('68SIS06001');
    expect(v.safeParse(editSchemaOf('sisIdentifier'), '68-SIS').success).toBe(false);
    const now = new Date('2026-11-27T10:00:00Z');
    expect(v.parse(editSchemaOf('permitDate', { now }), '2025-03-01')).toBe('2025-03-01');
    expect(v.safeParse(editSchemaOf('permitDate', { now }), '2026-11-28').success).toBe(false);
    expect(v.safeParse(editSchemaOf('permitDate', { now }), '2025-02-30').success).toBe(false);
  });
});

describe('applicableGuide', () => {
  it('names the guide for potentially polluted sites as soon as one line is hazardous or outside the natural background', () => {
    expect(applicableGuide([{ qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }])).toBe('NON_SSP');
    expect(applicableGuide([{ qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }, { qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' }])).toBe('SSP');
    expect(applicableGuide([{ qualityClass: 'SUITED_TO_USES', wasteCode: null }])).toBe('SSP');
    expect(applicableGuide([{ qualityClass: 'UNKNOWN', wasteCode: null }])).toBe('TO_DETERMINE');
    expect(applicableGuide([])).toBe('TO_DETERMINE');
  });
});
