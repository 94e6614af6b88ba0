// Input PostgreSQL cannot store, refused before it reaches a handler (issue 12). A `text` value
// cannot hold U+0000: the driver's error would become a 500. Parsed JSON can also nest far deeper
// than any of our bodies, and a recursive walk over it (ours or a library's) could exhaust the
// stack. The walk below is iterative.
import { messages, nulCharacterMessage } from '@terres/domain';
import { problem } from './problem.js';

/** No body of this API nests deeper than 4; 32 leaves room and bounds every later walk. */
export const MAX_INPUT_DEPTH = 32;

export type InputFault = { kind: 'nul'; field: string } | { kind: 'depth' };

/**
 * The first string (value or key) of `value` holding U+0000, named as sent (`materials.0.price`),
 * or a nesting deeper than MAX_INPUT_DEPTH; null when the input is clean. Buffers (a raw body kept
 * for a signature check) are not text and are skipped.
 */
export function findInputFault(value: unknown, root = ''): InputFault | null {
  if (value === undefined || value === null) return null;
  // Most requests: path parameters and a query string, a flat object of strings. Checked
  // without the walk's allocations; anything else (or any fault) goes through the walk, which
  // names the field.
  if (typeof value === 'object' && flatCleanStrings(value)) return null;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', field: path };
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth' };
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { kind: 'nul', field: path };
      stack.push({ value: item, path: field, depth: depth + 1 });
    }
  }
  return null;
}

/** True when every own value of `value` is a string and no key or value holds U+0000. */
function flatCleanStrings(value: object): boolean {
  if (Array.isArray(value) || Buffer.isBuffer(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== 'string' || item.includes('\u0000') || key.includes('\u0000')) return false;
  }
  return true;
}

/** Throws the 400 problem for `findInputFault`'s answer, if any. */
export function assertCleanInput(value: unknown, root = ''): void {
  const fault = findInputFault(value, root);
  if (!fault) return;
  if (fault.kind === 'depth') throw problem(400, messages.bodyTooDeep);
  throw problem(400, nulCharacterMessage(fault.field), { errors: { [fault.field || '_']: messages.nulCharacter } });
}
