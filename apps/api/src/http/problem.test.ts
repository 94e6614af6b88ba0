import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { messages, PROBLEM_TYPES } from '@terres/domain';
import { HttpProblem, problem } from './problem.js';
import { frenchValidationErrors } from './validation-messages.js';

describe('problem()', () => {
  it('builds an RFC 9457 document with the status phrase as title', () => {
    expect(problem(409, messages.insufficientBalance, { type: PROBLEM_TYPES.insufficientBalance }).toDocument('/api/v1/x')).toEqual({
      type: 'urn:bourse-terres:problem:insufficient-balance',
      title: 'Conflict',
      status: 409,
      detail: 'Solde de crédits insuffisant.',
      instance: '/api/v1/x',
    });
  });

  it('defaults to a French detail, and refuses a status that is not an error', () => {
    expect(problem(404).detail).toBe('Ressource introuvable.');
    expect(problem(404).toDocument().type).toBe(PROBLEM_TYPES.notFound);
    expect(problem(405).toDocument().type).toBe('about:blank');
    expect(() => new HttpProblem(200, 'ok')).toThrow(RangeError);
  });

  it('keeps extension members but never lets them override the core ones', () => {
    const no = messages.required;
    const document = problem(400, no, { extensions: { status: 200, code: 'X' }, errors: { email: no } }).toDocument();
    expect(document).toEqual({ type: PROBLEM_TYPES.validation, title: 'Bad Request', status: 400, detail: no, code: 'X', errors: { email: no } });
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
