import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstError } from '../validators/field-errors';
import { formatParcelId, parcelIdSchema, parseParcelId } from './parcel';

describe('parcel ids', () => {
  it('groups 14 alphanumerics 2-4-4-4', () => {
    expect(formatParcelId('68224000AB0123')).toBe('68 2240 00AB 0123');
    expect(formatParcelId('68 2240 00ab 0123')).toBe('68 2240 00AB 0123');
  });

  it('leaves anything else as it is', () => {
    expect(formatParcelId('123')).toBe('123');
  });

  it('parses spaced and lower-case input, refuses other lengths and signs', () => {
    expect(parseParcelId(' 68 2240 00ab 0123 ')).toBe('68224000AB0123');
    expect(parseParcelId('68224000AB012')).toBeNull();
    expect(parseParcelId('68224000AB01234')).toBeNull();
    expect(parseParcelId('68224000AB-123')).toBeNull();
  });

  it('schema outputs the compact id or the French message', () => {
    expect(v.parse(parcelIdSchema, '68 2240 00ab 0123')).toBe('68224000AB0123');
    expect(firstError(v.safeParse(parcelIdSchema, 'x'))).toBe(
      'Identifiant de parcelle invalide (14 caractères alphanumériques).',
    );
  });
});
