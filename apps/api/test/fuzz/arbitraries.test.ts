// Without a server: the fuzzer's "valid" values are what openapi.yaml accepts (else its refusals
// would prove nothing), and its hostile strings carry what they promise.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { schemaValidator, specOperations } from '../helpers/openapi.js';
import { encodeComponent, hostileString, valueOf } from './arbitraries.js';

const ids = ['3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10'];

it('makes request bodies and parameters that their schema accepts', () => {
  let checked = 0;
  for (const operation of specOperations()) {
    const json = operation.requestBody?.content['application/json'];
    const targets = [
      ...(json?.schema?.$ref ? [json.schema.$ref] : []),
      ...operation.parameters.filter((p) => p.in === 'query' && p.schema?.$ref).map((p) => p.schema!.$ref!),
    ];
    for (const ref of targets) {
      const validate = schemaValidator(ref);
      const schema = { $ref: ref };
      for (const value of fc.sample(valueOf(schema, { ids, hostile: false }), { seed: 42, numRuns: 30 })) {
        expect(validate(value) ? [] : validate.errors, `${operation.operationId} ${ref}: ${JSON.stringify(value).slice(0, 300)}`).toEqual([]);
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(300);
});

it('hostile strings include NUL, bidirectional overrides, lone surrogates and oversized text', () => {
  const samples = fc.sample(hostileString(), { seed: 7, numRuns: 2_000 });
  expect(samples.some((s) => s.includes('\u0000'))).toBe(true);
  expect(samples.some((s) => s.includes('\u202e'))).toBe(true);
  expect(samples.some((s) => /[\ud800-\udbff](?![\udc00-\udfff])/.test(s))).toBe(true);
  expect(samples.some((s) => s.length > 1_000)).toBe(true);
  expect(JSON.stringify({ a: '\ud800' })).toBe('{"a":"\\ud800"}');
});

it('writes a lone surrogate in a URL as bytes no UTF-8 decoder accepts', () => {
  expect(encodeComponent('a\ud800b')).toBe('a%ED%A0%80b');
  expect(encodeComponent('é/😀')).toBe('%C3%A9%2F%F0%9F%98%80');
});
