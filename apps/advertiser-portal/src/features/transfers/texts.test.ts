import { expectSpecTexts } from '@terres/vitest-config/spec-texts';
import { expect, it } from 'vitest';
import { ourTexts, specTexts } from './texts';

it('quotes the spec word for word', () => {
  expect(() => expectSpecTexts(specTexts)).not.toThrow();
});

it('keeps our own texts apart from the spec ones', () => {
  const spec = new Set<string>(Object.values(specTexts));
  expect(Object.values(ourTexts).filter((text) => spec.has(text))).toEqual([]);
});
