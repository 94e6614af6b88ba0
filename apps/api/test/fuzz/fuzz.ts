// The fuzzer (issue 12, "Prove the rest"): every operation of openapi/openapi.yaml, called over
// HTTP by every role with requests fast-check makes from the operation's own schemas: valid
// ones, and malformed, oversized, wrong-typed, unicode-heavy ones, with fields, parameters or the
// body missing or extra. Each answer must be a status the operation declares (or one the YAML
// declares for every operation: 431 and 408 from the HTTP parser), with the body its schema
// says, never a 5xx; and a refused call (4xx) must leave the whole database as it was.
import { messages } from '@terres/domain';
import fc from 'fast-check';
import { changes, type DatabaseWatch, type RowState } from '../helpers/database-watch.js';
import { SAMPLE_FILES } from '../helpers/fixtures.js';
import { answerProblems, schemaValidator, specOperations, type OpenApiParameter, type OpenApiSchema, type SpecOperation } from '../helpers/openapi.js';
import { signPayload } from '../helpers/stripe-fake.js';
import { OPERATIONS, type SweepRequest } from '../isolation/operations.js';
import { personOf } from '../isolation/sweep.js';
import type { World } from '../isolation/world.js';
import { encodeComponent, hostileFor, hostileString, normalized, RAW_URL_JUNK, valueOf, withHostileFields, wrongTyped, type SchemaContext } from './arbitraries.js';

export const FUZZ_ROLES = ['anonymous', 'owner', 'employee', 'admin'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];

/** Statuses the YAML declares once for every operation (refusals of the HTTP parser). */
const PARSER_STATUSES = [408, 431];

/** One request, as sent. `shape` says what was done to it ('valid', 'body: missing field'...). */
export interface FuzzCall {
  shape: string[];
  /** Path parameters, already encoded (or deliberately not). */
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body?: { contentType?: string; data: string | Uint8Array };
}

interface Tagged<T> {
  value: T;
  tag?: string;
}

// ── what the schemas cannot tell: the world's ids, tokens, and calls that would end the world ──

interface Plan {
  /** The app configured for Stripe (the Stripe routes answer 404 on the simulator one). */
  app?: 'stripe';
  /** Known-good strings for a query parameter or body field of this name (signed tokens). */
  known?: Record<string, readonly string[]>;
  /** Values of `{id}` (the world's own first); random and hostile ids come on top. */
  ids: readonly string[];
  /** Another token than the role's usual one. */
  token?: (world: World, role: FuzzRole) => Promise<string | undefined>;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

function planFor(operation: SpecOperation, world: World): Plan {
  const { A, B, C } = world.orgs;
  // A DELETE succeeding on the callers' own data would take it from every later call: the
  // destructive operations get only the other organisations' ids (and random ones).
  const destructive = operation.method === 'DELETE';
  const prefix = operation.path.split('/')[1];
  const ids: Record<string, readonly string[]> = {
    users: [B.employee.userId, C.employee.userId, B.invitation.id],
    organizations: destructive ? [C.organizationId] : [A.organizationId, B.organizationId, C.organizationId],
    inquiries: destructive ? [B.draftId, C.draftId] : [A.draftId, A.cutId, A.fillId, B.draftId, B.cutId],
    documents: destructive ? [B.documentId, C.documentId] : [A.documentId, B.documentId],
    invoices: [A.invoiceId, B.invoiceId],
    'soil-studies': [A.draftId, B.draftId],
    matches: [world.matchId],
    carriers: [A.carrierId, B.carrierId],
    transfers: [A.transferOutId, A.transferInId, B.transferOutId],
    loads: [A.loadId, A.inLoadId, B.loadId],
  };
  const plan: Plan = { ids: ids[prefix ?? ''] ?? [] };
  if (operation.path.startsWith('/payments/stripe')) {
    plan.app = 'stripe';
    plan.known = { token: [tokenOf(A.stripePackLink), tokenOf(B.stripePackLink)] };
  } else if (operation.path.startsWith('/payments/simulator')) {
    plan.known = { token: [tokenOf(A.packLink), tokenOf(B.packLink)] };
  }
  if (operation.operationId === 'requestInvitationCode') plan.known = { token: [A.invitation.token, B.invitation.token] };
  // Logging out ends the caller's session: each call ends a fresh one of the same user.
  if (operation.operationId === 'logout') {
    plan.token = async (w, role) => {
      const person = personOf(w, role);
      return person ? (await w.fresh.session(person.userId)).accessToken : undefined;
    };
  }
  return plan;
}

function worldIds(world: World): string[] {
  const { A, B } = world.orgs;
  return [A.organizationId, A.draftId, A.cutId, A.fillId, A.documentId, B.organizationId, B.cutId, B.fillId, world.matchId];
}

// ── the parts of a request ──

const tagged = <T>(arbitrary: fc.Arbitrary<T>, tag?: string): fc.Arbitrary<Tagged<T>> => arbitrary.map((value) => (tag ? { value, tag } : { value }));

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
}

function pathParameter(plan: Plan): fc.Arbitrary<Tagged<string>> {
  const hostile = hostileString()
    .map(encodeComponent)
    // A dot segment or an empty one would name another route (`/inquiries/..` is `/`).
    .filter((segment) => segment !== '' && !/^(\.|%2e){1,2}$/i.test(segment));
  return fc.oneof(
    ...(plan.ids.length ? [{ weight: 4, arbitrary: tagged(fc.constantFrom(...plan.ids)) }] : []),
    { weight: 2, arbitrary: tagged(fc.uuid(), 'id: unknown uuid') },
    { weight: 3, arbitrary: tagged(hostile, 'id: hostile') },
    { weight: 1, arbitrary: tagged(fc.constantFrom(...RAW_URL_JUNK), 'id: bad encoding') },
    { weight: 1, arbitrary: tagged(fc.constantFrom(101, 500, 4_000).map((n) => 'a'.repeat(n)), 'id: over 100 characters') },
  );
}

function serialized(parameter: OpenApiParameter, value: unknown): string {
  if (Array.isArray(value) && parameter.explode === false) return value.map(asText).join(',');
  return asText(value);
}

function queryParameter(parameter: OpenApiParameter, context: SchemaContext): fc.Arbitrary<Tagged<string | undefined>> {
  const schema = parameter.schema ?? { type: 'string' };
  const known = context.known?.[parameter.name];
  const valid = valueOf(schema, { ...context, hostile: false }).map((value) => `${parameter.name}=${encodeComponent(serialized(parameter, value))}`);
  return fc.oneof(
    { weight: parameter.required ? 1 : 4, arbitrary: tagged(fc.constant(undefined), parameter.required ? `query: ${parameter.name} missing` : undefined) },
    { weight: 6, arbitrary: tagged(known?.length ? fc.oneof(valid, fc.constantFrom(...known).map((v) => `${parameter.name}=${encodeComponent(v)}`)) : valid) },
    {
      weight: 1,
      arbitrary: tagged(fc.oneof(hostileFor(normalized(schema)), hostileString()).map((value) => `${parameter.name}=${encodeComponent(asText(value))}`), 'query: hostile'),
    },
    { weight: 1, arbitrary: tagged(fc.constantFrom(...RAW_URL_JUNK).map((junk) => `${parameter.name}=${junk}`), 'query: bad encoding') },
    { weight: 1, arbitrary: tagged(fc.tuple(valid, valid).map(([a, b]) => `${a}&${b}`), 'query: repeated') },
  );
}

const EXTRA_NAMES = ['__proto__', 'constructor', 'prototype', 'id', 'organization_id', 'role', 'credit_balance', 'status', 'verified', 'admin'] as const;

function extraQuery(): fc.Arbitrary<Tagged<string | undefined>> {
  return fc.oneof(
    { weight: 6, arbitrary: tagged(fc.constant(undefined)) },
    {
      weight: 1,
      arbitrary: tagged(
        fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_NAMES), hostileString()), hostileString()).map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`),
        'query: extra',
      ),
    },
  );
}

const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x'));

function headerParameter(parameter: OpenApiParameter): fc.Arbitrary<Tagged<[string, string] | undefined>> {
  const name = parameter.name.toLowerCase();
  const valid = name === 'if-none-match' ? fc.constantFrom('"abc"', '*', 'W/"0"') : fc.uuid();
  return fc.oneof(
    { weight: 2, arbitrary: tagged(fc.constant(undefined)) },
    { weight: 2, arbitrary: tagged(valid.map((v) => [name, v] as [string, string])) },
    { weight: 1, arbitrary: tagged(fc.oneof(headerText, fc.constant('x'.repeat(8_000))).map((v) => [name, v] as [string, string]), `header: ${name} hostile`) },
  );
}

/**
 * Headers every operation reads whether it declares them or not: a broken or forged bearer
 * token (sent when the caller has none: anonymous), the device cookie of the sign-in flow, a
 * client's request id.
 */
function ambientHeader(): fc.Arbitrary<Tagged<[string, string] | undefined>> {
  const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","role":"ADMIN"}').toString('base64url')}.`;
  return fc.oneof(
    { weight: 8, arbitrary: tagged(fc.constant(undefined)) },
    {
      weight: 1,
      arbitrary: tagged(
        fc.oneof(
          fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${unsigned}`, 'Bearer a.b.c', `Bearer ${'x'.repeat(5_000)}`, 'bearer  x'),
          headerText.map((text) => `Bearer ${text}`),
        ).map((value) => ['authorization', value] as [string, string]),
        'header: authorization junk',
      ),
    },
    {
      weight: 1,
      arbitrary: tagged(
        fc.oneof(fc.constantFrom('terres_device=', 'terres_device=a.b.c', '=;=;', 'terres_device=%', 'terres_device="x'), headerText.map((text) => `terres_device=${text}`)).map(
          (value) => ['cookie', value] as [string, string],
        ),
        'header: cookie junk',
      ),
    },
    { weight: 1, arbitrary: tagged(headerText.map((value) => ['x-request-id', value] as [string, string]), 'header: request id junk') },
  );
}

type Body = { contentType?: string; data: string | Uint8Array };

/** Over every route's body limit (JSON 32 KiB, listings 64 KiB, the webhook 256 KiB) or just over some. */
const OVERSIZED = [40_000, 70_000, 300_000] as const;

function jsonBody(schema: OpenApiSchema, context: SchemaContext, base?: Record<string, unknown>): fc.Arbitrary<Tagged<Body>> {
  const target = normalized(schema);
  const required = (target.required as string[] | undefined) ?? [];
  const valid = valueOf(schema, { ...context, hostile: false });
  const json = (tag?: string) => (value: unknown): Tagged<Body> => ({ value: { contentType: 'application/json', data: JSON.stringify(value) ?? 'null' }, ...(tag ? { tag } : {}) });
  const raw = (tag: string, contentType = 'application/json') => (data: string | Uint8Array): Tagged<Body> => ({ value: { contentType, data }, tag });
  const variants: { weight: number; arbitrary: fc.Arbitrary<Tagged<Body>> }[] = [
    { weight: 2, arbitrary: valid.map(json()) },
    { weight: 4, arbitrary: withHostileFields(schema, context).map(json('body: hostile fields')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_NAMES), hostileString()), wrongTyped()), { minLength: 1, maxLength: 3 }))
        .map(([value, extra]) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, ...Object.fromEntries(extra) } : value))
        .map(json('body: extra fields')),
    },
    { weight: 1, arbitrary: wrongTyped().map(json('body: not an object')) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          valid.chain((value) => {
            const text = JSON.stringify(value) ?? '';
            return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut));
          }),
          fc.constantFrom('{', '{"a":}', "{'email':'a@b.fr'}", '{"a":1,}', '\u0000', '\ufeff{}', 'nul', '1e999999', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":"\\x41"}', '[' .repeat(5_000)),
        )
        .map(raw('body: malformed JSON')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]))
        .map(raw('body: invalid UTF-8')),
    },
    { weight: 1, arbitrary: fc.constantFrom(33, 40, 200).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`).map(raw('body: deeply nested')) },
    { weight: 1, arbitrary: fc.constantFrom(...OVERSIZED).map((size) => JSON.stringify({ [required[0] ?? 'name']: 'a'.repeat(size) })).map(raw('body: oversized')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=iso-8859-1', 'application/merge-patch+json'))
        .map(([value, type]) => ({ value: { contentType: type, data: JSON.stringify(value) ?? '' }, tag: 'body: wrong content type' })),
    },
    { weight: 1, arbitrary: fc.constantFrom<Tagged<Body>>({ value: { contentType: 'application/json', data: '' }, tag: 'body: empty' }, { value: { data: '' }, tag: 'body: none' }) },
  ];
  if (base) {
    // The isolation sweep's valid request for this operation, as is or with one field changed:
    // it passes the checks the schema cannot express (SIRET key, dates, listing rules), so the
    // hostile value reaches deeper code than the schema's own values do.
    const properties = (target.properties ?? {}) as Record<string, OpenApiSchema>;
    const names = [...new Set([...Object.keys(base), ...Object.keys(properties)])];
    const replacement = (name: string) => {
      const property = properties[name];
      return property
        ? fc.oneof(hostileFor(normalized(property)), hostileString(), valueOf(property, { ...context, hostile: false }))
        : fc.oneof(hostileString(), wrongTyped());
    };
    variants.push(
      { weight: 2, arbitrary: fc.constant(base).map(json('base')) },
      {
        weight: 5,
        arbitrary: fc
          .constantFrom(...names)
          .chain((name) => replacement(name).map((value) => ({ ...base, [name]: value })))
          .map(json('base: one field changed')),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...Object.keys(base))
          .map((name) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== name)))
          .map(json('base: one field missing')),
      },
    );
  }
  if (required.length) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, n]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[required[n % required.length]!];
        return json('body: required field missing')(copy);
      }),
    });
  }
  return fc.oneof(...variants);
}

const CRLF = '\r\n';
const FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream', 'text/html', 'application/x-msdownload', ''] as const;

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Uint8Array;
}

function multipartBytes(parts: Part[], boundary: string): Uint8Array {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += CRLF;
    if (part.type) head += `Content-Type: ${part.type}${CRLF}`;
    chunks.push(Buffer.from(head + CRLF, 'utf8'), Buffer.from(part.data), Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return new Uint8Array(Buffer.concat(chunks));
}

function multipartBody(schema: OpenApiSchema): fc.Arbitrary<Tagged<Body>> {
  // A document's upload names its kind; a load's ticket (PUT /loads/{id}/ticket) is only a file.
  const kindSchema = (normalized(schema).properties as Record<string, OpenApiSchema>).kind;
  const kind = kindSchema ? normalized(kindSchema) : undefined;
  const samples = Object.entries(SAMPLE_FILES);
  const fileName = fc.oneof(
    { weight: 3, arbitrary: tagged(fc.constantFrom(...samples.map(([name]) => name))) },
    { weight: 2, arbitrary: tagged(fc.tuple(hostileString(), fc.constantFrom('.pdf', '.png', '', '.exe')).map(([name, ext]) => name + ext), 'file name: hostile') },
    { weight: 1, arbitrary: tagged(fc.constantFrom(256, 1_000).map((n) => `${'é'.repeat(n)}.pdf`), 'file name: over 255 characters') },
  );
  const bytes = fc.oneof(
    { weight: 3, arbitrary: tagged(fc.constantFrom(...samples.map(([, data]) => data))) },
    { weight: 1, arbitrary: tagged(fc.uint8Array({ maxLength: 2_000 }), 'file: random bytes') },
    { weight: 1, arbitrary: tagged(fc.constant(new Uint8Array()), 'file: empty') },
  );
  const kindValue = kind
    ? fc.oneof(
        { weight: 4, arbitrary: tagged(valueOf(kind, { ids: [], hostile: false }).map(asText)) },
        { weight: 1, arbitrary: tagged(hostileString(), 'kind: hostile') },
      )
    : fc.constant(null);
  const form = fc
    .record({
      kind: kind ? fc.option(kindValue, { freq: 6 }) : fc.constant(null),
      file: fc.option(
        fc.oneof(
          // A real file of an allowed kind under its own name: the upload that should succeed.
          { weight: 3, arbitrary: fc.constantFrom(...samples).map(([name, data]) => ({ name: { value: name } as Tagged<string>, data: { value: data } as Tagged<Uint8Array>, type: 'application/octet-stream' })) },
          { weight: 4, arbitrary: fc.record({ name: fileName, data: bytes, type: fc.constantFrom(...FILE_TYPES) }) },
        ),
        { freq: 6 },
      ),
      extra: fc.option(fc.tuple(fc.constantFrom('kind', 'file', 'organization_id', '__proto__'), hostileString()), { freq: 2, nil: undefined }),
      boundary: fc.constantFrom('----fuzz7MA4YWxkTrZu0gW', 'x', 'a'.repeat(70)),
    })
    .map(({ kind: k, file, extra, boundary }) => {
      const parts: Part[] = [];
      const tags: string[] = [];
      if (k) {
        parts.push({ name: 'kind', data: Buffer.from(k.value, 'utf8') });
        if (k.tag) tags.push(k.tag);
      } else if (kind) tags.push('multipart: kind missing');
      if (file) {
        parts.push({ name: 'file', filename: file.name.value, type: file.type, data: file.data.value });
        for (const t of [file.name.tag, file.data.tag]) if (t) tags.push(t);
      } else tags.push('multipart: file missing');
      if (extra) {
        parts.push({ name: extra[0], data: Buffer.from(extra[1], 'utf8') });
        tags.push('multipart: extra part');
      }
      return { bytes: multipartBytes(parts, boundary), boundary, tags };
    });
  return fc.oneof(
    { weight: 6, arbitrary: form.map(({ bytes: data, boundary, tags }) => ({ value: { contentType: `multipart/form-data; boundary=${boundary}`, data }, ...(tags.length ? { tag: tags.join(', ') } : {}) })) },
    { weight: 1, arbitrary: form.map(({ bytes: data }) => ({ value: { contentType: 'multipart/form-data', data }, tag: 'multipart: no boundary' })) },
    {
      weight: 1,
      arbitrary: fc.tuple(form, fc.double({ min: 0, max: 0.99, noNaN: true })).map(([{ bytes: data, boundary }, share]) => ({
        value: { contentType: `multipart/form-data; boundary=${boundary}`, data: data.slice(0, Math.floor(data.length * share)) },
        tag: 'multipart: truncated',
      })),
    },
    { weight: 1, arbitrary: form.map(({ bytes: data }) => ({ value: { contentType: 'multipart/form-data; boundary=autre', data }, tag: 'multipart: wrong boundary' })) },
    { weight: 1, arbitrary: jsonBody({ type: 'object', properties: kind ? { kind } : {} }, { ids: [], hostile: true }).map((b) => ({ ...b, tag: `${b.tag ?? 'body: valid'} (JSON instead of multipart)` })) },
  );
}

function formBody(schema: OpenApiSchema, context: SchemaContext): fc.Arbitrary<Tagged<Body>> {
  const properties = normalized(schema).properties as Record<string, OpenApiSchema>;
  const field = (name: string, property: OpenApiSchema) => {
    const known = context.known?.[name];
    return fc.option(
      fc.oneof(
        { weight: 3, arbitrary: tagged(known?.length ? fc.oneof(fc.constantFrom(...known), valueOf(property, context).map(asText)) : valueOf(property, context).map(asText)) },
        { weight: 1, arbitrary: tagged(hostileString(), `form: ${name} hostile`) },
      ),
      { freq: 8 },
    );
  };
  const fields = fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, field(name, property)])) as Record<string, fc.Arbitrary<Tagged<string> | null>>);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fields.map((values) => {
        const tags: string[] = [];
        const pairs: string[] = [];
        for (const [name, value] of Object.entries(values)) {
          if (value === null) tags.push(`form: ${name} missing`);
          else {
            pairs.push(`${name}=${encodeComponent(value.value)}`);
            if (value.tag) tags.push(value.tag);
          }
        }
        return { value: { contentType: 'application/x-www-form-urlencoded', data: pairs.join('&') }, ...(tags.length ? { tag: tags.join(', ') } : {}) };
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_JUNK).map((junk) => ({ value: { contentType: 'application/x-www-form-urlencoded', data: `token=${junk}&action=pay` }, tag: 'form: bad encoding' })) },
    { weight: 1, arbitrary: fc.constantFrom(10_000, 40_000).map((n) => ({ value: { contentType: 'application/x-www-form-urlencoded', data: `token=${'a'.repeat(n)}&action=pay` }, tag: 'form: oversized' })) },
    { weight: 1, arbitrary: jsonBody(schema, context).map((b) => ({ ...b, tag: `${b.tag ?? 'body: valid'} (JSON instead of a form)` })) },
  );
}

/** The webhook: events made from the StripeEvent schema, mostly signed right (the signature is the gate). */
function webhookBody(schema: OpenApiSchema, context: SchemaContext): fc.Arbitrary<Tagged<Body> & { signature?: string; sigTag?: string }> {
  const sessionObject = fc.record(
    {
      id: fc.oneof(fc.constant('cs_test_fuzz'), hostileString(), wrongTyped()),
      object: fc.constantFrom('checkout.session', 'payment_intent', ''),
      payment_status: fc.oneof(fc.constantFrom('paid', 'unpaid'), wrongTyped()),
      client_reference_id: fc.oneof(fc.constantFrom(...context.ids), hostileString(), wrongTyped()),
      metadata: fc.oneof(fc.dictionary(fc.constantFrom('organization_id', 'pack_id', 'credits', 'purchase_id'), fc.oneof(fc.constantFrom(...context.ids), hostileString())), wrongTyped()),
      amount_total: fc.oneof(fc.integer(), wrongTyped()),
    },
    { requiredKeys: [] },
  );
  const events = fc
    .record(
      {
        id: fc.oneof(fc.nat().map((n) => `evt_fuzz_${n}`), hostileString(), wrongTyped()),
        type: fc.oneof(fc.constantFrom('checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_succeeded', 'charge.refunded'), hostileString(), wrongTyped()),
        data: fc.oneof({ weight: 4, arbitrary: fc.record({ object: fc.oneof({ weight: 4, arbitrary: sessionObject }, { weight: 1, arbitrary: wrongTyped() }) }) }, { weight: 1, arbitrary: wrongTyped() }),
      },
      { requiredKeys: [] },
    )
    .map((event) => ({ value: { contentType: 'application/json', data: JSON.stringify(event) } as Body, tag: 'event: made up' }));
  const body = fc.oneof({ weight: 3, arbitrary: events }, { weight: 2, arbitrary: jsonBody(schema, context) });
  return fc
    .tuple(body, fc.constantFrom('signed', 'signed', 'signed', 'unsigned', 'forged', 'stale'), headerText)
    .map(([b, mode, forged]) => {
      const payload = typeof b.value.data === 'string' ? b.value.data : Buffer.from(b.value.data).toString('utf8');
      switch (mode) {
        case 'signed':
          return { ...b, signature: signPayload(payload) };
        case 'stale':
          return { ...b, signature: signPayload(payload, { timestamp: 1_000_000_000 }), sigTag: 'signature: stale' };
        case 'forged':
          return { ...b, signature: forged, sigTag: 'signature: forged' };
        default:
          return { ...b, sigTag: 'signature: missing' };
      }
    });
}

/** Every request fast-check may make for this operation. */
export function callArbitrary(operation: SpecOperation, world: World, base?: SweepRequest): fc.Arbitrary<FuzzCall> {
  const plan = planFor(operation, world);
  // Not for a DELETE: its base names the callers' own data (see planFor).
  if (base?.params && operation.method !== 'DELETE') plan.ids = [...new Set([...Object.values(base.params), ...plan.ids])];
  if (base?.query) {
    const known = { ...plan.known };
    for (const [name, value] of Object.entries(base.query)) known[name] = [...(known[name] ?? []), value];
    plan.known = known;
  }
  const context: SchemaContext = { ids: worldIds(world), hostile: false, ...(plan.known ? { known: plan.known } : {}) };
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queries = operation.parameters.filter((p) => p.in === 'query');
  const headers = operation.parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'stripe-signature');
  const content = operation.requestBody?.content ?? {};
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  const webhook = operation.operationId === 'handleStripeWebhook';

  let body: fc.Arbitrary<Tagged<Body | undefined> & { signature?: string; sigTag?: string }>;
  if (webhook) body = webhookBody(media!.schema!, context);
  else if (mediaType === 'application/json') body = jsonBody(media!.schema!, context, isObject(base?.body) ? base.body : undefined);
  else if (mediaType === 'multipart/form-data') body = multipartBody(media!.schema!);
  else if (mediaType === 'application/x-www-form-urlencoded') body = formBody(media!.schema!, context);
  else if (operation.method === 'GET') body = fc.constant({ value: undefined });
  else
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ value: undefined }) },
      { weight: 1, arbitrary: wrongTyped().map((v) => ({ value: { contentType: 'application/json', data: JSON.stringify(v) ?? '' }, tag: 'body: unexpected' })) },
      { weight: 1, arbitrary: fc.constant({ value: { contentType: 'application/json', data: '{"a":' }, tag: 'body: unexpected, malformed' }) },
      { weight: 1, arbitrary: hostileString().map((text) => ({ value: { contentType: 'text/plain', data: text }, tag: 'body: unexpected, text' })) },
    );

  return fc
    .record({
      params: fc.record(Object.fromEntries(pathNames.map((name) => [name, pathParameter(plan)]))),
      query: fc.tuple(...queries.map((q) => queryParameter(q, context)), extraQuery()),
      headers: fc.tuple(...headers.map(headerParameter), ambientHeader()),
      body,
    })
    .map(({ params, query, headers: headerValues, body: b }) => {
      const shape: string[] = [];
      const note = (tag?: string) => tag && shape.push(tag);
      const call: FuzzCall = { shape, params: {}, query: '', headers: {} };
      for (const [name, value] of Object.entries(params)) {
        call.params[name] = value.value;
        note(value.tag);
      }
      call.query = query
        .map((q) => {
          note(q.tag);
          return q.value;
        })
        .filter((q): q is string => q !== undefined)
        .join('&');
      for (const header of headerValues) {
        note(header.tag);
        if (header.value) call.headers[header.value[0]] = header.value[1];
      }
      note(b.tag);
      if (b.value) call.body = b.value;
      if (webhook) {
        note(b.sigTag);
        if (b.signature) call.headers['stripe-signature'] = b.signature;
      }
      if (!shape.length) shape.push('valid');
      return call;
    });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The isolation sweep's valid request for this operation (test/isolation/operations.ts), as the
 * owner of A would make it on A's data; undefined when it cannot be built. Made before the
 * operation's first call (and the database snapshot): building may open a session or ask a code.
 */
async function baseRequest(operation: SpecOperation, world: World): Promise<SweepRequest | undefined> {
  const row = OPERATIONS[operation.operationId];
  if (!row) return undefined;
  const { A } = world.orgs;
  try {
    return await row.build({ world, role: 'owner', target: 'own', org: A, home: A, actor: A.owner, succeeds: false });
  } catch {
    return undefined;
  }
}

// ── sending and judging ──

export interface FuzzFinding {
  operationId: string;
  role: FuzzRole;
  shape: string;
  call: string;
  status: number;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  operations: number;
  covered: string[];
  uncovered: string[];
  requests: number;
  statuses: Record<string, number>;
  shapes: Record<string, number>;
  byOperation: Record<string, Record<string, number>>;
  serverErrors: FuzzFinding[];
  offSchema: FuzzFinding[];
  storedFromRefused: FuzzFinding[];
  seconds: number;
}

interface Answer {
  status: number;
  mediaType: string;
  text: string;
  headers?: Headers;
}

async function send(world: World, operation: SpecOperation, plan: Plan, call: FuzzCall, token: string | undefined): Promise<{ url: string; answer: Answer }> {
  let path = operation.path;
  for (const [name, value] of Object.entries(call.params)) path = path.replace(`{${name}}`, value);
  const app = plan.app === 'stripe' ? world.stripeApi : world.api;
  const target = `${operation.base}${path}${call.query ? `?${call.query}` : ''}`;
  const headers: Record<string, string> = { ...call.headers };
  // A junk authorization header of the call (see ambientHeader) replaces the caller's token.
  if (token) headers.authorization ??= `Bearer ${token}`;
  if (call.body?.contentType) headers['content-type'] = call.body.contentType;
  const response = await fetch(`${app.url}${target}`, {
    method: operation.method,
    headers,
    ...(call.body && operation.method !== 'GET' ? { body: call.body.data } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  return { url: `${operation.method} ${target.length > 200 ? `${target.slice(0, 200)}…` : target}`, answer: { status: response.status, mediaType, text, headers: response.headers } };
}

const validateProblem = schemaValidator('#/components/schemas/Problem');

/** What is wrong with this answer according to openapi.yaml (nothing: empty). */
/** Operations whose successful answers may be kept and revalidated (`no-cache`, not `no-store`). */
const REVALIDATED = ['listInquiryPins', 'getOpenApiDocument'];

/** English words a French `detail` would not hold (Fastify's and Node's own messages do). */
const ENGLISH = /\b(the|must|should|invalid|expected|unexpected|error|body|request|required|property|unsupported|missing)\b/i;

/**
 * What the YAML's conventions promise of every answer beyond its schema: `X-Content-Type-Options:
 * nosniff` and an `X-Request-Id` (the HTTP parser's own refusals, 408 and 431, are written
 * before any request exists: no id), and a problem's `detail` in French.
 */
function conventionProblems(operation: SpecOperation, answer: Answer, body: unknown): string[] {
  const problems: string[] = [];
  if (answer.headers) {
    // `no-store` unless the operation says otherwise (the admin map's pins `private, no-cache`,
    // the contract itself `no-cache`; openapi.yaml's header descriptions).
    const cache = answer.headers.get('cache-control') ?? '';
    const allowed = REVALIDATED.includes(operation.operationId) && answer.status < 400 ? /no-cache/ : /no-store/;
    if (!PARSER_STATUSES.includes(answer.status) && !allowed.test(cache)) problems.push(`Cache-Control: ${cache || 'none'}`);
    if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
    if (!PARSER_STATUSES.includes(answer.status) && !answer.headers.get('x-request-id')) problems.push('no X-Request-Id');
  }
  if (answer.mediaType === 'application/problem+json') {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    if (typeof detail !== 'string' || detail.trim() === '') problems.push('a problem without detail');
    // The one English sentence is the spec's own (§8, messages.projectNameRequired).
    else if (ENGLISH.test(detail) && detail !== messages.projectNameRequired) problems.push(`detail not in French: ${detail.slice(0, 120)}`);
  }
  return problems;
}

export function judge(operation: SpecOperation, answer: Answer): string[] {
  const problems = judgeSchema(operation, answer);
  if (problems.length) return problems;
  let body: unknown;
  try {
    body = answer.mediaType.endsWith('json') && answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    body = undefined;
  }
  return conventionProblems(operation, answer, body);
}

function judgeSchema(operation: SpecOperation, answer: Answer): string[] {
  let body: unknown = answer.text === '' ? undefined : answer.text;
  if (answer.mediaType.endsWith('json')) {
    try {
      body = answer.text === '' ? undefined : JSON.parse(answer.text);
    } catch {
      return [`${answer.mediaType} answer that is not JSON: ${answer.text.slice(0, 100)}`];
    }
  }
  if (!operation.statuses.includes(answer.status) && PARSER_STATUSES.includes(answer.status)) {
    if (answer.mediaType !== 'application/problem+json') return [`${answer.status} as ${answer.mediaType || 'no content type'}`];
    return validateProblem(body) ? [] : (validateProblem.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
  }
  const mediaType = answer.mediaType || undefined;
  return answerProblems(operation.method, operation.path, answer.status, body, mediaType ?? (body === undefined ? 'application/json' : 'text/plain'));
}

/**
 * Rows a refused call may write, counting the attempt itself (that is their job; they hold
 * nothing the request sent): the per-IP counters of code requests and checks, and a wrong
 * answer to a pending code (its tries, 5 before it is void).
 */
function countsAttempts(operation: SpecOperation): (key: string) => boolean {
  return (key) => key.startsWith('rate_limit_counters:') || (operation.operationId === 'verifyCode' && key.startsWith('one_time_codes:'));
}

function seedOf(seed: number, ...parts: string[]): number {
  let hash = seed | 0;
  for (const character of parts.join('|')) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

export interface FuzzOptions {
  seed: number;
  /** Requests per operation and role (anonymous callers of a protected operation get half). */
  runs: number;
  /** Only these operations (by operationId); all by default. */
  only?: readonly string[];
  log?: (line: string) => void;
}

export async function runFuzz(world: World, watch: DatabaseWatch, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const operations = specOperations().filter((o) => !options.only || options.only.includes(o.operationId));
  const report: FuzzReport = {
    seed: options.seed,
    runs: options.runs,
    operations: specOperations().length,
    covered: [],
    uncovered: [],
    requests: 0,
    statuses: {},
    shapes: {},
    byOperation: {},
    serverErrors: [],
    offSchema: [],
    storedFromRefused: [],
    seconds: 0,
  };
  let before: Map<string, RowState>;
  for (const operation of operations) {
    const plan = planFor(operation, world);
    const arbitrary = callArbitrary(operation, world, await baseRequest(operation, world));
    before = await watch.snapshot();
    const histogram: Record<string, number> = {};
    for (const role of operation.public ? (['anonymous'] as const) : FUZZ_ROLES) {
      const numRuns = role === 'anonymous' && !operation.public ? Math.ceil(options.runs / 2) : options.runs;
      const calls = fc.sample(arbitrary, { seed: seedOf(options.seed, operation.operationId, role), numRuns });
      for (const call of calls) {
        let token = personOf(world, role)?.token;
        if (plan.token) {
          token = await plan.token(world, role);
          before = await watch.snapshot();
        }
        const shape = call.shape.join(', ');
        let sent: Awaited<ReturnType<typeof send>>;
        try {
          sent = await send(world, operation, plan, call, token);
        } catch (error) {
          // No answer at all (the server dropped the connection): as bad as a 500.
          sent = { url: `${operation.method} ${operation.path}`, answer: { status: 0, mediaType: '', text: String((error as Error).cause ?? error) } };
        }
        const { url, answer } = sent;
        const after = await watch.snapshot();
        report.requests += 1;
        report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
        histogram[answer.status] = (histogram[answer.status] ?? 0) + 1;
        for (const tag of call.shape) report.shapes[tag] = (report.shapes[tag] ?? 0) + 1;
        options.log?.(`${operation.operationId} ${role} ${answer.status} ${shape}`);
        const finding = (problem: string): FuzzFinding => ({ operationId: operation.operationId, role, shape, call: url, status: answer.status, problem });
        if (answer.status >= 500 || answer.status === 0) report.serverErrors.push(finding(answer.text.slice(0, 300)));
        else {
          const problems = answer.status === 0 ? [] : judge(operation, answer);
          if (problems.length) report.offSchema.push(finding(`${problems.slice(0, 3).join('; ')} — ${answer.text.slice(0, 200)}`));
        }
        if (answer.status >= 400 || answer.status === 0) {
          const changed = changes(before, after, countsAttempts(operation));
          if (changed.length) report.storedFromRefused.push(finding(`${changed.slice(0, 5).join('; ')}${changed.length > 5 ? ` (+${changed.length - 5})` : ''}`));
        }
        before = after;
      }
    }
    report.byOperation[operation.operationId] = histogram;
    report.covered.push(operation.operationId);
  }
  report.uncovered = specOperations()
    .map((o) => o.operationId)
    .filter((id) => !report.covered.includes(id) && (!options.only || options.only.includes(id)));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

function histogramText(histogram: Record<string, number>): string {
  return Object.entries(histogram)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

export function formatReport(report: FuzzReport, limit = 40): string {
  const lines: string[] = [];
  const width = Math.max(...Object.keys(report.byOperation).map((id) => id.length), 12);
  for (const [id, histogram] of Object.entries(report.byOperation)) lines.push(`${id.padEnd(width)}  ${histogramText(histogram)}`);
  lines.push('');
  const top = Object.entries(report.shapes).sort(([, a], [, b]) => b - a);
  lines.push(`Request shapes: ${top.map(([shape, count]) => `${shape} ${count}`).join('; ')}`);
  lines.push('');
  for (const id of report.uncovered) lines.push(`UNCOVERED: ${id} is in openapi.yaml but was not called`);
  const show = (label: string, findings: FuzzFinding[]) => {
    for (const f of findings.slice(0, limit)) lines.push(`${label}: ${f.operationId} as ${f.role} [${f.shape}] ${f.call} -> ${f.status}: ${f.problem}`);
    if (findings.length > limit) lines.push(`${label}: … and ${findings.length - limit} more`);
  };
  show('5XX', report.serverErrors);
  show('OFF-SCHEMA', report.offSchema);
  show('STORED', report.storedFromRefused);
  lines.push(
    `Fuzz (seed ${report.seed}, ${report.runs} runs per operation and role): ${report.covered.length} of ${report.operations} operations covered, ` +
      `${report.requests} requests, statuses {${histogramText(report.statuses)}}, ${report.serverErrors.length} 5xx, ` +
      `${report.offSchema.length} off-schema, ${report.storedFromRefused.length} stored from refused (${report.seconds.toFixed(1)} s)`,
  );
  return lines.join('\n');
}
