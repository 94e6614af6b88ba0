import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import { isProfileComplete, profileSchema } from './profile';

const errors = (input: unknown) => fieldErrors(v.safeParse(profileSchema, input));

describe('profile', () => {
  it('requires the three fields after trimming', () => {
    expect(errors({ firstName: ' ', lastName: '', phoneNumber: '  ' })).toEqual({
      firstName: 'Le prénom est requis',
      lastName: 'Le nom est requis',
      phoneNumber: 'Le numéro de téléphone est requis',
    });
    expect(errors({})).toEqual({
      firstName: 'Le prénom est requis',
      lastName: 'Le nom est requis',
      phoneNumber: 'Le numéro de téléphone est requis',
    });
  });

  it('names max 100, phone max 20 and its pattern', () => {
    expect(errors({ firstName: 'a'.repeat(100), lastName: 'b'.repeat(101), phoneNumber: '06 12 34 56 78' })).toEqual({
      lastName: 'Ce champ ne doit pas dépasser 100 caractères.',
    });
    expect(errors({ firstName: 'a', lastName: 'b', phoneNumber: '1'.repeat(21) })).toEqual({
      phoneNumber: 'Ce champ ne doit pas dépasser 20 caractères.',
    });
    expect(errors({ firstName: 'a', lastName: 'b', phoneNumber: 'abcdef' })).toEqual({
      phoneNumber: 'Veuillez entrer un numéro de téléphone valide.',
    });
  });

  it('isProfileComplete', () => {
    expect(isProfileComplete({ firstName: 'A', lastName: 'B', phoneNumber: '0600000000' })).toBe(true);
    expect(isProfileComplete({ firstName: 'A', lastName: ' ', phoneNumber: '0600000000' })).toBe(false);
    expect(isProfileComplete({ firstName: 'A', lastName: 'B', phoneNumber: null })).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });
});
