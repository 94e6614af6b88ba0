import { expectSpecTexts, missingSpecTexts } from '@terres/vitest-config/spec-texts';
import { wizardTitle } from '@terres/domain';
import { expect, it } from 'vitest';
import { ourTexts, specTexts } from './texts';

it('quotes the spec word for word', () => {
  expect(() => expectSpecTexts(specTexts)).not.toThrow();
  // The header comes from the domain ('… de déblai' verbatim; the spec abbreviates the other as
  // "or 'remblais'").
  expect(missingSpecTexts([wizardTitle('CUT'), 'remblais'])).toEqual([]);
});

it('names the four steps of spec §2 and every sub-step', () => {
  expect(ourTexts.steps).toHaveLength(4);
  expect(Object.keys(ourTexts.subSteps)).toHaveLength(12);
  expect(Object.keys(ourTexts.subStepIntro)).toEqual(Object.keys(ourTexts.subSteps));
});
