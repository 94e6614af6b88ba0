import * as v from 'valibot';
import { SIRET_INPUT_MAX_LENGTH, SIRET_LENGTH } from '../constants';
import { messages } from '../messages';

const SIRET_PATTERN = new RegExp(`^[0-9]{${SIRET_LENGTH}}$`);
/** La Poste's SIREN: its establishments' SIRET do not follow Luhn (INSEE rule). */
const LA_POSTE_SIREN = '356000000';

function digitsOf(value: string): number[] {
  return [...value].map(Number);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  const list = digitsOf(digits);
  for (let i = 0; i < list.length; i += 1) {
    const digit = list[list.length - 1 - i] ?? 0;
    if (i % 2 === 1) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return sum % 10 === 0;
}

/** The SIRET made of these 13 digits and the Luhn digit that completes them (test data, seeds). */
export function siretWithCheckDigit(first13: string): string {
  if (!/^[0-9]{13}$/.test(first13)) throw new RangeError('13 digits expected');
  for (let last = 0; last <= 9; last += 1) if (luhnValid(`${first13}${last}`)) return `${first13}${last}`;
  throw new Error('unreachable: one Luhn digit always completes 13 digits');
}

/**
 * 14 digits and a valid Luhn checksum, or, for La Poste (SIREN 356000000), a digit sum
 * divisible by 5. La Poste numbers that also pass Luhn (its head office 35600000000048)
 * stay valid.
 */
export function isValidSiret(value: string): boolean {
  if (!SIRET_PATTERN.test(value)) return false;
  if (luhnValid(value)) return true;
  if (value.startsWith(LA_POSTE_SIREN)) {
    const sum = digitsOf(value).reduce((total, digit) => total + digit, 0);
    return sum % 5 === 0;
  }
  return false;
}

/**
 * A SIRET as people paste it ('440 021 230 01012', '440.021.230.01012', with non-breaking
 * spaces from a company register): the separators go, the characters stay. Every SIRET field
 * (the inputs as the user types, the API's schemas) normalises with this one rule.
 */
export function normalizeSiret(value: string): string {
  return value.replace(/[\s.-]+/g, '');
}

/** The spec's message for a SIRET, or null when it is valid (separators are ignored). */
export function siretError(value: string): string | null {
  const digits = normalizeSiret(value);
  if (!SIRET_PATTERN.test(digits)) return messages.siretLength;
  return isValidSiret(digits) ? null : messages.siretChecksum;
}

export function createSiretSchema(requiredMessage: string = messages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.maxLength(SIRET_INPUT_MAX_LENGTH, messages.siretLength),
    v.transform(normalizeSiret),
    v.nonEmpty(requiredMessage),
    v.regex(SIRET_PATTERN, messages.siretLength),
    v.check(isValidSiret, messages.siretChecksum),
  );
}

export const siretSchema = createSiretSchema();
