import { expectSpecTexts } from '@terres/vitest-config/spec-texts';
import { expect, it } from 'vitest';
import { specTexts } from './texts';

it('quotes the spec word for word', () => {
  expect(() => expectSpecTexts(specTexts)).not.toThrow();
});
