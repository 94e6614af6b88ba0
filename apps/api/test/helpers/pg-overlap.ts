// node-postgres' warning of a query sent on a client still running another one, heard in this
// test process or in a server it started (test/helpers/server-process.ts); test/setup.ts fails
// the test during which one was heard.

export const OVERLAP_WARNING = 'Calling client.query() when the client is already executing a query';

// One list per process, shared by every copy of this module (vitest loads one per test file).
const key = Symbol.for('terres.api.test.pgOverlaps');

/** The warnings heard and not yet reported, their stacks those of the overlapping calls. */
export const pgOverlaps: Error[] = ((globalThis as { [key]?: Error[] })[key] ??= listen());

function listen(): Error[] {
  const heard: Error[] = [];
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(OVERLAP_WARNING)) heard.push(warning);
  });
  return heard;
}
