/** 'registration_number' -> 'registrationNumber'. */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** 'registrationNumber' -> 'registration_number'. */
export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Shallow key conversion between the wire's snake_case requests and the camelCase
 * schemas (CONTRACT §4). Nested objects, such as material lines, are converted by the
 * caller when needed.
 */
export function toCamelKeys(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [snakeToCamel(key), value]));
}

export function toSnakeKeys(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [camelToSnake(key), value]));
}

/**
 * Fills a text's `{name}` placeholders, as the spec writes them ('Un code à 6 chiffres a été
 * envoyé à {email}'); a placeholder without a value stays as written.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}
