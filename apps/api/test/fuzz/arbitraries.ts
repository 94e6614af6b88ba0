// fast-check arbitraries made from openapi.yaml's schemas: values a schema accepts, and the
// hostile ones a careless or malicious client sends instead (wrong types, out-of-range numbers,
// oversized and unicode-heavy strings: NUL, bidirectional overrides, emoji, combining marks, lone
// surrogates, which JSON.stringify writes as `\ud800` escapes).
import fc from 'fast-check';
import { resolveRef, type OpenApiSchema } from '../helpers/openapi.js';

export interface SchemaContext {
  /** Real ids of the fuzz world, used now and then where a schema wants a uuid. */
  ids: readonly string[];
  /** Put a hostile value in place of a valid one at some leaves. */
  hostile: boolean;
  /** Known-good strings for the fields of this name (signed tokens the schema cannot invent). */
  known?: Record<string, readonly string[]>;
}

/** Characters that break naive text handling, one at a time. */
export const NASTY_CHARACTERS = [
  '\u0000', // NUL: PostgreSQL text refuses it
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u200b', // zero-width space
  '\ufeff', // byte order mark
  '\u0301', // combining acute accent
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\u0007',
  '\u001b',
  '\r\n',
  '\u2028',
  '"',
  '\\',
  '%',
  '\'',
  '<',
  '😀',
  '👩🏽‍🔧',
  '🇫🇷',
  'ﷺ',
  '𝕏',
  'é',
  'Ω',
] as const;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil.exe\u202c',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a',
  'e' + '\u0301'.repeat(300),
  '\ud83d',
  'x\udc00y',
  '👷🏽‍♀️🚜🏗️',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '%00',
  '%zz',
  '\t\n\r',
] as const;

/** A string of any UTF-16 code units (lone surrogates included), weighted towards the nasty ones. */
export function unicodeString(maxLength = 40): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  );
  return fc.string({ unit, maxLength });
}

/** Strings a field should refuse or store safely: nasty constants, unicode soup, oversized text. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 4, arbitrary: unicodeString() },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(256, 1_001, 5_000, 20_000), fc.constantFrom('a', 'é', '😀', '\u0000', '\u202e')).map(([n, c]) => c.repeat(n)),
    },
  );
}

/** Any JSON value but the schema's own type, and the numbers parsers choke on. */
export function wrongTyped(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, [], {}, [null], { a: 1 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    hostileString(),
    fc.array(hostileString(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), hostileString()), { maxKeys: 3 }),
  );
}

function deref(schema: OpenApiSchema): OpenApiSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) current = { ...resolveRef<OpenApiSchema>(current.$ref), ...withoutRef(current) };
  return current;
}

function withoutRef(schema: OpenApiSchema): OpenApiSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

/** `allOf` merged into one object schema (properties and `required` of every part). */
function merged(schema: OpenApiSchema): OpenApiSchema {
  const parts = (schema.allOf as OpenApiSchema[] | undefined)?.map((part) => merged(deref(part)));
  if (!parts) return schema;
  const { allOf: _allOf, ...rest } = schema;
  return parts.reduce<OpenApiSchema>(
    (all, part) => ({
      ...all,
      ...part,
      type: 'object',
      properties: { ...(all.properties as object), ...(part.properties as object) },
      required: [...((all.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
    }),
    rest,
  );
}

/** The schema ready to read: `$ref` followed, `allOf` merged. */
export function normalized(schema: OpenApiSchema): OpenApiSchema {
  return merged(deref(schema));
}

const LOCAL = /^[a-z][a-z0-9_-]{0,10}(\.[a-z0-9_-]{1,8})?$/;

function validString(schema: OpenApiSchema, context: SchemaContext): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 200);
  const fits = (value: string) => value.length >= minLength && value.length <= ((schema.maxLength as number | undefined) ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return context.ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...context.ids)) : fc.uuid();
    case 'email':
      return fc.tuple(fc.stringMatching(LOCAL), fc.constantFrom('exemple-chantier.fr', 'terrassements.test', 'xn--bton-bsa.fr')).map(([local, domain]) => `${local}@${domain}`);
    case 'date':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    default:
      break;
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.string({ unit: fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), fc.constantFrom('a', 'é', ' ', '-', '’')), minLength, maxLength }).filter(fits);
}

function validNumber(schema: OpenApiSchema, integer: boolean): fc.Arbitrary<number> {
  const minimum = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? -1e6;
  const maximum = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum as number | undefined) ?? 1e6;
  const inRange = (n: number) =>
    (schema.exclusiveMinimum === undefined || n > (schema.exclusiveMinimum as number)) &&
    (schema.exclusiveMaximum === undefined || n < (schema.exclusiveMaximum as number));
  if (integer) return fc.integer({ min: Math.ceil(minimum), max: Math.floor(maximum) }).filter(inRange);
  return fc.double({ min: minimum, max: maximum, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)).filter(inRange);
}

/** Values `schema` accepts (or, with `context.hostile`, values that break it at some leaves). */
export function valueOf(schema: OpenApiSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const valid = validValueOf(normalized(schema), context, depth);
  if (!context.hostile) return valid;
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileFor(normalized(schema)) });
}

/** An object of `schema` whose fields (at any depth) are now and then hostile; the object itself stays one. */
export function withHostileFields(schema: OpenApiSchema, context: Omit<SchemaContext, 'hostile'>): fc.Arbitrary<unknown> {
  return validValueOf(normalized(schema), { ...context, hostile: true }, 0);
}

/** Hostile values aimed at a schema: out of range, over length, off the enum, or any other type. */
export function hostileFor(schema: OpenApiSchema): fc.Arbitrary<unknown> {
  const targeted: fc.Arbitrary<unknown>[] = [];
  if (typeof schema.maxLength === 'number') targeted.push(fc.constantFrom('x'.repeat(schema.maxLength + 1), 'é'.repeat(schema.maxLength + 1)));
  if (typeof schema.minimum === 'number') targeted.push(fc.constant(schema.minimum - 1));
  if (typeof schema.maximum === 'number') targeted.push(fc.constantFrom(schema.maximum + 1, schema.maximum + 0.5));
  if (typeof schema.exclusiveMinimum === 'number') targeted.push(fc.constant(schema.exclusiveMinimum));
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((e): e is string => typeof e === 'string');
    if (values.length) targeted.push(fc.constantFrom(...values.flatMap((e) => [e.toLowerCase(), ` ${e}`, `${e}\u0000`])));
  }
  if (typeof schema.maxItems === 'number') targeted.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 'x')));
  if (schema.format === 'uuid') targeted.push(fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a1'));
  if (schema.format === 'email' || (typeof schema.pattern === 'string' && schema.pattern.includes('@'))) {
    // Nearly addresses: each passes a naive pattern, none is taken by a mail server.
    targeted.push(fc.constantFrom('a..b@exemple.fr', '.a@exemple.fr', 'a.@exemple.fr', 'a@exemple_chantier.fr', 'a@-exemple.fr', "a@8~r.l/s$o'", 'a@b.c)', 'a"b@exemple.fr', 'a@exemple.fr.', 'a\u202e@exemple.fr'));
  }
  if (schema.format === 'date') targeted.push(fc.constantFrom('2027-02-30', '0000-00-00', '99999-01-01', '2027-13-01', '01/02/2027'));
  return targeted.length ? fc.oneof({ weight: 2, arbitrary: fc.oneof(...targeted) }, { weight: 3, arbitrary: wrongTyped() }) : wrongTyped();
}

function validValueOf(schema: OpenApiSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.oneOf ?? schema.anyOf) as OpenApiSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => valueOf(choice, context, depth + 1)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValueOf({ ...schema, type }, context, depth)));
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'string':
      return validString(schema, context);
    case 'array': {
      const items = (schema.items as OpenApiSchema | undefined) ?? {};
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 3, 3);
      return fc.array(valueOf(items, context, depth + 1), { minLength: (schema.minItems as number | undefined) ?? 0, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, OpenApiSchema>;
      const required = (schema.required as string[] | undefined) ?? [];
      if (depth > 6 || Object.keys(properties).length === 0) return fc.constant({});
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => {
            const known = context.known?.[name];
            const value = valueOf(property, context, depth + 1);
            return [name, known?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: value }) : value];
          }),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      const minProperties = (schema.minProperties as number | undefined) ?? 0;
      return minProperties ? record.filter((value) => Object.keys(value).length >= minProperties) : record;
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

/**
 * A string in a URL: percent-encoded as a browser would, except that a lone surrogate becomes
 * the bytes of its code unit (CESU-8, which no UTF-8 decoder accepts), as a careless client sends.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(character);
    }
  }
  return out;
}

/** Percent sequences that do not decode, or decode to something nasty: sent as they are. */
export const RAW_URL_JUNK = ['%', '%zz', '%C0%AF', '%FF', '%00', '%E2%80%AE', '%ED%A0%80', 'a%2Fb', '%252F', '%F0%9F%98'] as const;
