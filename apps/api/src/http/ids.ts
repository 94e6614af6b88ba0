// Ids on the wire are UUIDs: anything else can name no row, so routes answer 404 without asking
// the database (which would reject the cast).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
