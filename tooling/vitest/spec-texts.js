// The product spec, committed at docs/spec.txt, is the reference for every French text the apps
// quote. A feature's texts module keeps the spec's texts apart from ours; its test calls
// `expectSpecTexts(specTexts)`, which fails naming each text that the spec does not hold verbatim.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const specPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/spec.txt');
let cached;

/** The spec's text (docs/spec.txt). */
export function readSpec() {
  cached ??= readFileSync(specPath, 'utf8');
  return cached;
}

/** The texts (strings, nested objects or arrays of strings) that the spec does not hold verbatim. */
export function missingSpecTexts(texts) {
  const spec = readSpec();
  const missing = [];
  const visit = (value, path) => {
    if (typeof value === 'string') {
      if (!spec.includes(value)) missing.push(`${path}: ${value}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, path ? `${path}.${key}` : key);
    }
  };
  visit(texts, '');
  return missing;
}

/** Throws, listing every text of `texts` that is not quoted verbatim from the spec. */
export function expectSpecTexts(texts) {
  const missing = missingSpecTexts(texts);
  if (missing.length > 0) {
    throw new Error(`Not in the spec (docs/spec.txt), word for word:\n${missing.join('\n')}`);
  }
}
