// The isolation sweep: every operation of openapi/openapi.yaml x every role x the caller's own
// and another organisation's data (test/isolation/operations.ts says how and what to expect).
// Each call is compared with the whole database before and after (the sweep has a database of
// its own), and its answer is searched for the other organisations' ids and names.
//
// A leak: another organisation's data answered (a 2xx where a 404 was due, or one of its markers
// in the body), or any change to the database on a refused call or on a call naming another
// organisation's data. A mismatch: any other status than the table's (a valid request that
// fails, a 500...). Uncovered: an operation of the YAML without a row, or a row without operation.
import { changes, type DatabaseWatch, type RowState } from '../helpers/database-watch.js';
import { specOperations, type SpecOperation } from '../helpers/openapi.js';
import { OPERATIONS, ROLES, type CallContext, type Expectation, type OperationCase, type Role, type Statuses, type SweepRequest, type Target } from './operations.js';
import type { OrgWorld, Person, World } from './world.js';

export interface Finding {
  operationId: string;
  role: Role;
  target: Target;
  call: string;
  status: number;
  expected: readonly number[];
  problem: string;
}

export interface SweepReport {
  operations: number;
  roles: number;
  calls: number;
  leaks: Finding[];
  mismatches: Finding[];
  /** Operations of the YAML without a row in the table. */
  uncovered: string[];
  /** Rows of the table whose operation the YAML no longer has. */
  unknown: string[];
  /** One line per operation: the status each role got, own / foreign. */
  matrix: { operationId: string; cells: Partial<Record<Role, string>> }[];
  seconds: number;
}

function list(statuses: Statuses): readonly number[] {
  return typeof statuses === 'number' ? [statuses] : statuses;
}

/** What the table says this call must answer (see the header of operations.ts). */
export function expectedStatuses(spec: SpecOperation, row: OperationCase, role: Role, target: Target): readonly number[] {
  let expectation: Expectation | undefined = row.expect[role];
  if (expectation === undefined) {
    if (spec.public) expectation = row.expect.anonymous;
    else if (role === 'anonymous') expectation = 401;
    else if (role === 'archived') expectation = 403;
  }
  if (expectation === undefined) throw new Error(`operations.ts: ${spec.operationId} says nothing for ${role}`);
  if (typeof expectation === 'object' && !Array.isArray(expectation)) {
    return list((expectation as { own: Statuses; foreign: Statuses })[target]);
  }
  const own = list(expectation as Statuses);
  if (target === 'own' || role === 'admin' || spec.public) return own;
  return own.every((status) => status < 400) ? [404] : own;
}

// ── the calls ──

/** Who makes the calls of `role` (organisation A's members; the archived organisation C's owner). */
export function personOf(world: World, role: Role): Person | null {
  switch (role) {
    case 'anonymous':
      return null;
    case 'owner':
      return world.orgs.A.owner;
    case 'employee':
      return world.orgs.A.employee;
    case 'admin':
      return world.admin;
    case 'archived':
      return world.orgs.C.owner;
  }
}

function homeOf(world: World, role: Role): OrgWorld {
  return role === 'archived' ? world.orgs.C : world.orgs.A;
}

interface Answer {
  status: number;
  text: string;
}

async function send(world: World, spec: SpecOperation, request: SweepRequest, token: string | undefined): Promise<{ url: string; answer: Answer }> {
  let path = spec.path;
  for (const [name, value] of Object.entries(request.params ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  if (/[{}]/.test(path)) throw new Error(`${spec.operationId}: no value for a parameter of ${spec.path}`);
  const app = request.app === 'stripe' ? world.stripeApi : world.api;
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const url = `${app.url}${spec.base}${path}${query}`;
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.file) {
    const form = new FormData();
    form.append('kind', request.file.kind);
    form.append('file', new Blob([request.file.bytes]), request.file.name);
    body = form;
  } else if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    body = request.raw.body;
  }
  const response = await fetch(url, { method: spec.method, headers, body, redirect: 'manual' });
  return { url: `${spec.method} ${spec.base}${path}${query}`, answer: { status: response.status, text: await response.text() } };
}

/** The answer without the problem document's `instance` (the path asked, which names the ids sent). */
function searchableText(answer: Answer): string {
  if (!answer.text.startsWith('{')) return answer.text;
  try {
    const { instance: _instance, ...rest } = JSON.parse(answer.text) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return answer.text;
  }
}

export async function runSweep(world: World, watch: DatabaseWatch, options: { log?: (line: string) => void } = {}): Promise<SweepReport> {
  const started = Date.now();
  const operations = specOperations();
  const known = new Set(operations.map((o) => o.operationId));
  const report: SweepReport = {
    operations: operations.length,
    roles: ROLES.length,
    calls: 0,
    leaks: [],
    mismatches: [],
    uncovered: operations.map((o) => o.operationId).filter((id) => !(id in OPERATIONS)),
    unknown: Object.keys(OPERATIONS).filter((id) => !known.has(id)),
    matrix: [],
    seconds: 0,
  };
  if (report.uncovered.length || report.unknown.length) return report;

  for (const spec of operations) {
    const row = OPERATIONS[spec.operationId]!;
    const cells: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const targets: Target[] = row.scoped ? ['own', 'foreign'] : ['own'];
      const got: number[] = [];
      for (const target of targets) {
        const actor = personOf(world, role);
        // A public operation acts on what its capability names (A's link, token or event).
        const home = spec.public ? world.orgs.A : homeOf(world, role);
        const org = target === 'own' ? home : world.orgs.B;
        const expected = expectedStatuses(spec, row, role, target);
        const context: CallContext = { world, role, target, org, home, actor, succeeds: expected.every((s) => s < 400) };
        let request: SweepRequest;
        try {
          request = await row.build(context);
        } catch (error) {
          // An earlier leak may have removed what this call needs: report, and go on.
          const problem = `could not build the request: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
          report.mismatches.push({ operationId: spec.operationId, role, target, call: spec.path, status: 0, expected, problem });
          got.push(0);
          continue;
        }
        const before = await watch.snapshot();
        const { url, answer } = await send(world, spec, request, request.token ?? actor?.token);
        const after = await watch.snapshot();
        report.calls += 1;
        got.push(answer.status);
        options.log?.(`${spec.operationId} ${role} ${target} ${answer.status}`);

        const finding = (problem: string): Finding => ({ operationId: spec.operationId, role, target, call: url, status: answer.status, expected, problem });
        const foreignCall = target === 'foreign' && role !== 'admin' && !spec.public;
        if (foreignCall && answer.status < 400 && !expected.includes(answer.status)) {
          report.leaks.push(finding('answered another organisation’s data'));
        } else if (!expected.includes(answer.status)) {
          report.mismatches.push(finding(`unexpected status: ${answer.text.slice(0, 300)}`));
        }
        if (role !== 'admin') {
          const text = searchableText(answer);
          const seen = Object.values(world.orgs)
            .filter((o) => o !== home)
            .flatMap((o) => o.markers.filter((marker) => text.includes(marker)).map((marker) => `${o.label}: ${marker}`));
          if (seen.length) report.leaks.push(finding(`answer names another organisation’s data (${seen.join(', ')})`));
        }
        const guarded = answer.status >= 400 || foreignCall || (target === 'foreign' && role === 'admin' && row.foreignUntouchedByAdmin);
        if (guarded && !(spec.public && answer.status < 400)) {
          // The caller's own session rows may change (logout ends the caller's session).
          const mine = (key: string, state: RowState) =>
            actor !== null && state.userId === actor.userId && (key.startsWith('session_families:') || key.startsWith('refresh_tokens:'));
          const changed = changes(before, after, mine);
          if (changed.length) report.leaks.push(finding(`database changed: ${changed.slice(0, 5).join('; ')}${changed.length > 5 ? ` (+${changed.length - 5})` : ''}`));
        }
      }
      cells[role] = got.join('/');
    }
    report.matrix.push({ operationId: spec.operationId, cells });
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function formatReport(report: SweepReport): string {
  const lines: string[] = [];
  const width = Math.max(...report.matrix.map((r) => r.operationId.length), 12);
  lines.push(`${'operation'.padEnd(width)}  ${ROLES.map((r) => r.padEnd(9)).join(' ')}`);
  for (const row of report.matrix) lines.push(`${row.operationId.padEnd(width)}  ${ROLES.map((r) => (row.cells[r] ?? '').padEnd(9)).join(' ')}`);
  lines.push('');
  lines.push('(status with own data / with another organisation’s data; one status: the call names no organisation)');
  lines.push('');
  for (const id of report.uncovered) lines.push(`UNCOVERED: ${id} is in openapi.yaml but has no row in test/isolation/operations.ts`);
  for (const id of report.unknown) lines.push(`UNKNOWN: ${id} has a row in operations.ts but is not in openapi.yaml`);
  for (const leak of report.leaks) lines.push(`LEAK: ${leak.operationId} as ${leak.role} (${leak.target}) ${leak.call} -> ${leak.status}: ${leak.problem}`);
  for (const m of report.mismatches) {
    lines.push(`MISMATCH: ${m.operationId} as ${m.role} (${m.target}) ${m.call} -> ${m.status}, expected ${m.expected.join(' or ')}: ${m.problem}`);
  }
  lines.push(
    `Isolation sweep: ${report.calls} calls, ${report.operations} operations x ${report.roles} roles x 2 organisations, ` +
      `${report.leaks.length} leaks, ${report.mismatches.length} mismatches, ${report.uncovered.length + report.unknown.length} uncovered (${report.seconds.toFixed(1)} s)`,
  );
  return lines.join('\n');
}
