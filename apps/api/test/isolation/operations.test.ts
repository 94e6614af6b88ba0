// Without a server: every operation of openapi.yaml has its row in the sweep's table, and every
// row an operation, so a new endpoint cannot land without saying who may call it.
import { expect, it } from 'vitest';
import { OPERATIONS, ROLES } from './operations.js';
import { specOperations } from '../helpers/openapi.js';
import { expectedStatuses } from './sweep.js';

it('covers every operation of openapi.yaml, and nothing else', () => {
  const inSpec = specOperations().map((o) => o.operationId);
  expect(inSpec.filter((id) => !(id in OPERATIONS)), 'operations without a row in test/isolation/operations.ts').toEqual([]);
  expect(Object.keys(OPERATIONS).filter((id) => !inSpec.includes(id)), 'rows whose operation left openapi.yaml').toEqual([]);
});

it('says what every role gets from every operation', () => {
  for (const spec of specOperations()) {
    for (const role of ROLES) {
      for (const target of ['own', 'foreign'] as const) {
        expect(expectedStatuses(spec, OPERATIONS[spec.operationId]!, role, target).length, `${spec.operationId} ${role} ${target}`).toBeGreaterThan(0);
      }
    }
  }
});

it('refuses anonymous callers on every operation that is not public', () => {
  for (const spec of specOperations().filter((o) => !o.public)) {
    expect(expectedStatuses(spec, OPERATIONS[spec.operationId]!, 'anonymous', 'own'), spec.operationId).toEqual([401]);
  }
});
