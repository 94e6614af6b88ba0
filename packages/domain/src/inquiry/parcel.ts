import * as v from 'valibot';
import { PARCEL_ID_INPUT_MAX_LENGTH, PARCEL_ID_LENGTH } from '../constants';
import { messages } from '../messages';

const PARCEL_ID_PATTERN = new RegExp(`^[0-9A-Z]{${PARCEL_ID_LENGTH}}$`);

/** Cadastre parcel id: spaces removed, upper case, 14 alphanumerics; null otherwise. */
export function parseParcelId(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return PARCEL_ID_PATTERN.test(compact) ? compact : null;
}

/** '68224000AB0123' -> '68 2240 00AB 0123' (2-4-4-4); anything unparsable is returned as is. */
export function formatParcelId(input: string): string {
  const id = parseParcelId(input);
  if (id === null) return input;
  return [id.slice(0, 2), id.slice(2, 6), id.slice(6, 10), id.slice(10, 14)].join(' ');
}

/**
 * '68224000EX0010' -> 'commune 68224, préfixe 000, section EX, n° 0010': the parts of the id
 * named, as the documents print a parcel (the 2-4-4-4 grouping cuts the commune's INSEE code,
 * issue 19); anything unparsable is returned as is.
 */
export function describeParcelId(input: string): string {
  const id = parseParcelId(input);
  if (id === null) return input;
  return `commune ${id.slice(0, 5)}, préfixe ${id.slice(5, 8)}, section ${id.slice(8, 10).replace(/^0/, '')}, n° ${id.slice(10, 14)}`;
}

/** Accepts spaced or lower-case input and outputs the compact upper-case id. */
export const parcelIdSchema = v.pipe(
  v.string(messages.parcelId),
  v.maxLength(PARCEL_ID_INPUT_MAX_LENGTH, messages.parcelId),
  v.check((value) => parseParcelId(value) !== null, messages.parcelId),
  v.transform((value) => parseParcelId(value) ?? value),
);
