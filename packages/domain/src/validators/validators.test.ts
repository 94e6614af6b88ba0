import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  emailSchema,
  loginEmailSchema,
  optionalEmailSchema,
  optionalSimpleEmailSchema,
  simpleEmailSchema,
} from './email';
import { fieldErrors, firstError, ROOT_ERROR_KEY } from './field-errors';
import { otpSchema } from './otp';
import { createPhoneSchema, normalizePhone, optionalPhoneSchema, phoneSchema } from './phone';
import { isValidPostcode, normalizePostcode, postcodeSchema } from './postcode';
import { isValidSiret, luhnValid, normalizeSiret, siretError, siretSchema, siretWithCheckDigit } from './siret';
import { optionalText, requiredText, textSchema } from './text';

const error = (schema: v.GenericSchema, input: unknown) => firstError(v.safeParse(schema, input));

describe('e-mail', () => {
  it('requires a value', () => {
    for (const schema of [emailSchema, loginEmailSchema, simpleEmailSchema]) {
      expect(error(schema, '')).toBe('Ce champ est requis.');
      expect(error(schema, '   ')).toBe('Ce champ est requis.');
      expect(error(schema, undefined)).toBe('Ce champ est requis.');
    }
  });

  it('strict pattern wants a top-level domain of at least 2 letters', () => {
    expect(error(emailSchema, 'jean.dupont@exemple.fr')).toBeNull();
    expect(error(emailSchema, ' jean+terres@sous.domaine.com ')).toBeNull();
    expect(error(emailSchema, 'jean@exemple.f')).toBe('Veuillez entrer une adresse email valide.');
    expect(error(emailSchema, 'jean@exemple.12')).toBe('Veuillez entrer une adresse email valide.');
    expect(error(emailSchema, 'jean@exemple')).toBe('Veuillez entrer une adresse email valide.');
    expect(error(emailSchema, 'jean dupont@exemple.fr')).toBe('Veuillez entrer une adresse email valide.');
  });

  it('login screen has its own wording', () => {
    expect(error(loginEmailSchema, 'jean@exemple.f')).toBe('Veuillez entrer un email valide.');
    expect(error(loginEmailSchema, 'jean@exemple.fr')).toBeNull();
  });

  it('simple pattern: no spaces, one @, a dot in the domain', () => {
    expect(error(simpleEmailSchema, 'a@b.c')).toBeNull();
    expect(error(simpleEmailSchema, 'a@b')).toBe("Format d'email invalide");
    expect(error(simpleEmailSchema, 'a@@b.c')).toBe("Format d'email invalide");
    expect(error(simpleEmailSchema, 'a b@c.d')).toBe("Format d'email invalide");
    expect(error(simpleEmailSchema, 'a.b@c')).toBe("Format d'email invalide");
  });

  it('refuses what a mail server would refuse, with each rule’s own message (issue 12)', () => {
    for (const unmailable of ['jean..dupont@exemple.fr', '.jean@exemple.fr', 'jean@exemple_chantier.fr', 'jean@-exemple.fr', "jean@8~r.l/s$o'", 'je\u202ean@exemple.fr']) {
      expect(error(emailSchema, unmailable), unmailable).toBe('Veuillez entrer une adresse email valide.');
      expect(error(simpleEmailSchema, unmailable), unmailable).toBe("Format d'email invalide");
      expect(error(optionalSimpleEmailSchema, unmailable), unmailable).toBe("Format d'email invalide");
    }
    for (const mailable of ["élise.o'brien+chantier@exemple-chantier.fr", 'a/b=c@x.fr', 'jean@xn--bton-bsa.fr']) {
      expect(error(simpleEmailSchema, mailable), mailable).toBeNull();
    }
  });

  it('optional variants accept nothing but reject a bad address', () => {
    for (const empty of [undefined, null, '', '  ']) {
      expect(error(optionalEmailSchema, empty)).toBeNull();
      expect(error(optionalSimpleEmailSchema, empty)).toBeNull();
    }
    expect(error(optionalEmailSchema, 'x@y.z')).toBe('Veuillez entrer une adresse email valide.');
    expect(error(optionalSimpleEmailSchema, 'x@y')).toBe("Format d'email invalide");
  });

  it('outputs the trimmed address', () => {
    expect(v.parse(emailSchema, '  a@b.fr ')).toBe('a@b.fr');
  });
});

describe('phone', () => {
  it('accepts 6 and 20 characters, rejects 5 and 21', () => {
    expect(error(phoneSchema, '123456')).toBeNull();
    expect(error(phoneSchema, '+33 (0)6 12-34-56 78')).toBeNull();
    expect('+33 (0)6 12-34-56 78'.length).toBe(20);
    expect(error(phoneSchema, '12345')).toBe('Veuillez entrer un numéro de téléphone valide.');
    expect(error(phoneSchema, '1'.repeat(21))).toBe('Veuillez entrer un numéro de téléphone valide.');
    expect(error(phoneSchema, '1'.repeat(20))).toBeNull();
  });

  it('rejects letters and other signs', () => {
    expect(error(phoneSchema, '06 12 34 AB')).toBe(messages.phone);
    expect(error(phoneSchema, '06/12/34/56/78')).toBe(messages.phone);
  });

  it('takes a number pasted with dots or non-breaking spaces, and stores it with plain spaces', () => {
    expect(v.parse(phoneSchema, '06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(v.parse(phoneSchema, '06\u00a012\u202f34  56 78 ')).toBe('06 12 34 56 78');
    expect(v.parse(optionalPhoneSchema, '03.89.00.00.00')).toBe('03 89 00 00 00');
    expect(normalizePhone('06.12\u00a034')).toBe('06 12 34');
  });

  it('empty gives the required message, or the one given', () => {
    expect(error(phoneSchema, '')).toBe('Ce champ est requis.');
    expect(error(createPhoneSchema('Le numéro de téléphone est requis'), ' ')).toBe('Le numéro de téléphone est requis');
  });

  it('optional phone passes when empty', () => {
    expect(error(optionalPhoneSchema, '')).toBeNull();
    expect(error(optionalPhoneSchema, null)).toBeNull();
    expect(error(optionalPhoneSchema, '12')).toBe(messages.phone);
  });
});

describe('SIRET', () => {
  it('accepts a valid Luhn number', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(error(siretSchema, '73282932000074')).toBeNull();
  });

  it('rejects a bad checksum', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(error(siretSchema, '73282932000075')).toBe('Le numéro SIRET est invalide.');
  });

  it('wants exactly 14 digits', () => {
    expect(error(siretSchema, '7328293200007')).toBe('Le numéro SIRET doit contenir exactement 14 chiffres.');
    expect(error(siretSchema, '732829320000740')).toBe('Le numéro SIRET doit contenir exactement 14 chiffres.');
    expect(error(siretSchema, '7328293200007A')).toBe('Le numéro SIRET doit contenir exactement 14 chiffres.');
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(error(siretSchema, '')).toBe('Ce champ est requis.');
  });

  it('takes a SIRET pasted in groups (spaces, dots, non-breaking spaces) and stores its 14 digits', () => {
    for (const pasted of ['732 829 320 00074', '732.829.320.00074', '732\u00a0829\u00a0320\u00a000074', '732\u202f829\u202f320\u202f00074', ' 732-829-320-00074 ']) {
      expect(v.parse(siretSchema, pasted), pasted).toBe('73282932000074');
      expect(siretError(pasted), pasted).toBeNull();
    }
    expect(normalizeSiret('440 021 230 01012')).toBe('44002123001012');
    expect(error(siretSchema, '732 829 320 00075')).toBe(messages.siretChecksum);
  });

  it('La Poste: valid when the digit sum is divisible by 5', () => {
    expect(isValidSiret('35600000000048')).toBe(true);
    // Fails Luhn, digit sum 15.
    expect(luhnValid('35600000000001')).toBe(false);
    expect(isValidSiret('35600000000001')).toBe(true);
    // Digit sum 16: invalid either way.
    expect(isValidSiret('35600000000002')).toBe(false);
    // The exception is La Poste's only: same trick on another SIREN fails.
    expect(isValidSiret('35600000100000')).toBe(false);
  });

  it('siretWithCheckDigit completes 13 digits with their Luhn digit', () => {
    expect(siretWithCheckDigit('7328293200007')).toBe('73282932000074');
    for (const head of ['0000000000000', '9999999999999', '1234567890123']) expect(isValidSiret(siretWithCheckDigit(head))).toBe(true);
    expect(() => siretWithCheckDigit('123')).toThrow(RangeError);
  });

  it('siretError gives the matching sentence', () => {
    expect(siretError('123')).toBe(messages.siretLength);
    expect(siretError('73282932000075')).toBe(messages.siretChecksum);
    expect(siretError(' 73282932000074 ')).toBeNull();
  });
});

describe('postcode', () => {
  it('accepts 5 digits, also with separators', () => {
    expect(isValidPostcode('68000')).toBe(true);
    expect(isValidPostcode('68 000')).toBe(true);
    expect(normalizePostcode('F-68000')).toBe('68000');
    expect(error(postcodeSchema, '68000')).toBeNull();
    expect(v.parse(postcodeSchema, '68\u00a0100')).toBe('68100');
  });

  it('rejects 00000 and other lengths', () => {
    for (const bad of ['00000', '6800', '680000', 'ABCDE']) {
      expect(error(postcodeSchema, bad)).toBe('Veuillez entrer un code postal valide (5 chiffres).');
    }
    expect(error(postcodeSchema, '')).toBe('Ce champ est requis.');
  });
});

describe('text and code', () => {
  it('default text: required, max 200', () => {
    expect(error(textSchema, ' ')).toBe('Ce champ est requis.');
    expect(error(textSchema, 'a'.repeat(200))).toBeNull();
    expect(error(textSchema, 'a'.repeat(201))).toBe('Ce champ ne doit pas dépasser 200 caractères.');
    expect(error(requiredText(80), 'a'.repeat(81))).toBe('Ce champ ne doit pas dépasser 80 caractères.');
    expect(error(optionalText(), null)).toBeNull();
  });

  it('one-time code: exactly 6 digits', () => {
    expect(error(otpSchema, '123456')).toBeNull();
    for (const bad of ['', '12345', '1234567', '12345a']) {
      expect(error(otpSchema, bad)).toBe('Veuillez entrer un code à 6 chiffres.');
    }
  });
});

describe('fieldErrors', () => {
  const schema = v.pipe(
    v.object({ email: emailSchema, nested: v.object({ phone: phoneSchema }) }),
    v.check(() => false, 'règle globale'),
  );

  it('maps issues to dotted paths, first message wins', () => {
    const result = v.safeParse(schema, { email: '', nested: { phone: 'x' } });
    expect(fieldErrors(result)).toEqual({
      email: 'Ce champ est requis.',
      'nested.phone': messages.phone,
      [ROOT_ERROR_KEY]: 'règle globale',
    });
  });

  it('reports whole-object rules under the root key and is empty when valid', () => {
    expect(fieldErrors(v.safeParse(schema, { email: 'a@b.fr', nested: { phone: '123456' } }))).toEqual({
      [ROOT_ERROR_KEY]: 'règle globale',
    });
    expect(fieldErrors(v.safeParse(emailSchema, 'a@b.fr'))).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });
});
