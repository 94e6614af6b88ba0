import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { HttpProblem, problem, PROBLEM_TYPES } from './problem.js';
import { frenchValidationErrors } from './validation-messages.js';

describe('problem()', () => {
  it('builds an RFC 9457 document with the status phrase as title', () => {
    expect(problem(409, 'Solde de crédits insuffisant.').toDocument('/api/v1/x')).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Solde de crédits insuffisant.',
      instance: '/api/v1/x',
    });
  });

  it('defaults to a French detail, and refuses a status that is not an error', () => {
    expect(problem(404).detail).toBe('Ressource introuvable.');
    expect(() => new HttpProblem(200, 'ok')).toThrow(RangeError);
  });

  it('keeps extension members but never lets them override the core ones', () => {
    const document = problem(400, 'Non.', { extensions: { status: 200, code: 'X' }, errors: { email: 'Non.' } }).toDocument();
    expect(document).toEqual({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Non.', code: 'X', errors: { email: 'Non.' } });
  });
});

describe('frenchValidationErrors', () => {
  const error = (keyword: string, instancePath: string, params: Record<string, unknown>): FastifySchemaValidationError => ({
    keyword,
    instancePath,
    schemaPath: '#',
    params,
  });

  it('names the field as sent and says what is wrong, in French', () => {
    const result = frenchValidationErrors([
      error('required', '', { missingProperty: 'project_name' }),
      error('minimum', '/materials/0/quantity', { limit: 0 }),
      error('enum', '/type', { allowedValues: ['CUT', 'FILL'] }),
      error('type', '/quantity', { type: 'number' }),
    ]);
    expect(result.detail).toBe('Le champ « project_name » est obligatoire.');
    expect(result.errors).toEqual({
      project_name: 'Le champ « project_name » est obligatoire.',
      'materials.0.quantity': 'Le champ « materials.0.quantity » doit être supérieur ou égal à 0.',
      type: "Le champ « type » doit valoir l'une des valeurs suivantes : CUT, FILL.",
      quantity: 'Le champ « quantity » doit être un nombre.',
    });
  });
});

describe('PROBLEM_TYPES', () => {
  it('are exactly the ProblemType values of openapi.yaml (the generated client reads them there)', () => {
    const spec = parse(readFileSync(new URL('../../../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: { ProblemType: { enum: string[]; 'x-enumNames': string[] } } };
    };
    const { enum: values, 'x-enumNames': names } = spec.components.schemas.ProblemType;
    expect(Object.fromEntries(names.map((name, i) => [name, values[i]]))).toEqual(PROBLEM_TYPES);
  });
});
