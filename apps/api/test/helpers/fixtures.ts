// Accounts as a client makes them, over HTTP: an owner with a complete profile and organisation,
// employees through the invitation flow, an admin; credits granted by that admin.
import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { siretWithCheckDigit, todayInParis } from '@terres/domain';
import { expect } from 'vitest';
import { parseToUnicode } from './pdf-layout.js';
import { codeOf } from './smtp.js';
import { registerOwner, signIn, uniqueEmail, withRefreshToken, type LoginResponse, type TestApi } from './session.js';

export const VALID_SIRETS = ['73282932000074', '35600000000048', '44306184100047', '55208131766522'];

/**
 * A valid SIRET no other test uses (13 random digits and their Luhn digit): two active
 * organisations cannot share one, and the run's test files share one database.
 */
export function uniqueSiret(): string {
  return siretWithCheckDigit(Array.from(randomBytes(13), (byte) => byte % 10).join(''));
}

export const ORGANIZATION_BODY = {
  name: 'Terrassements du Ried',
  /** A fresh SIRET at every read, spreads included: each organisation a test creates has its own. */
  get registration_number(): string {
    return uniqueSiret();
  },
  legal_form: 'SAS',
  street: '12 rue du Rhône',
  postcode: '68100',
  city: 'Mulhouse',
  country: 'France',
};

export interface OwnerFixture {
  session: LoginResponse;
  token: string;
  email: string;
  organizationId: string;
  /** The organisation's SIRET (unique per fixture). */
  siret: string;
}

export async function completeProfile(api: TestApi, token: string, firstName = 'Camille', lastName = 'Martin'): Promise<void> {
  const res = await api.request('PUT', '/users/me', {
    token,
    body: { first_name: firstName, last_name: lastName, phone_number: '06 12 34 56 78' },
  });
  expect(res.status).toBe(200);
}

/** A registered owner with profile and organisation (and, if `credits`, an admin grant). */
export async function createOwner(api: TestApi, options: { name?: string; credits?: number } = {}): Promise<OwnerFixture> {
  const email = uniqueEmail('owner');
  const session = await registerOwner(api, email);
  await completeProfile(api, session.accessToken);
  const created = await api.request('POST', '/organizations', {
    token: session.accessToken,
    body: { ...ORGANIZATION_BODY, name: options.name ?? ORGANIZATION_BODY.name },
  });
  expect(created.status).toBe(201);
  const organizationId = created.body.id as string;
  if (options.credits) await grantCredits(api, organizationId, options.credits);
  return { session, token: session.accessToken, email, organizationId, siret: created.body.registrationNumber as string };
}

const adminSessions = new WeakMap<TestApi, LoginResponse>();

/** The admin of this API (its own ADMIN_EMAILS address), signed in once. */
export async function adminToken(api: TestApi): Promise<string> {
  let session = adminSessions.get(api);
  if (!session) {
    session = await signIn(api, api.adminEmail);
    adminSessions.set(api, session);
  }
  return session.accessToken;
}

export async function grantCredits(api: TestApi, organizationId: string, credits: number): Promise<void> {
  let left = credits;
  while (left > 0) {
    const amount = Math.min(999, left);
    const res = await api.request('POST', `/organizations/${organizationId}/credits`, {
      token: await adminToken(api),
      body: { credits: amount, reason: 'Geste commercial' },
    });
    expect(res.status).toBe(200);
    left -= amount;
  }
}

/** An employee of the owner's organisation, through invite, e-mailed link and code. */
export async function createEmployee(api: TestApi, owner: OwnerFixture): Promise<{ session: LoginResponse; token: string; email: string }> {
  const email = uniqueEmail('employe');
  const invited = await api.request('POST', '/users/invite', { token: owner.token, body: { email } });
  expect(invited.status).toBe(202);
  const mail = await api.smtp.waitForMessage(email, (m) => m.text.includes('/accept-invitation?token='));
  const token = decodeURIComponent(/accept-invitation\?token=([^\s"&]+)/.exec(mail.text)![1]!);
  const requested = await api.request('POST', '/auth/invitation/request', { body: { token } });
  expect(requested.status).toBe(202);
  const code = codeOf(await api.smtp.waitForMessage(email, (m) => /(?<!\d)\d{6}(?!\d)/.test(m.text)));
  const verified = await api.request<LoginResponse>('POST', '/auth/magic-link/verify', { body: { email, otp: code } });
  expect(verified.status).toBe(200);
  return { session: withRefreshToken(verified), token: verified.body.accessToken, email };
}

/** A calendar day `days` from today, as the API stores dates (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  return todayInParis(new Date(Date.now() + days * 86_400_000));
}

/** Every field the wizard needs, snake_case; `quantity` is the surface in hectares. */
export function completeListingFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    project_name: 'Lotissement des Vignes',
    project_owner_first_name: 'Julien',
    project_owner_last_name: 'Keller',
    project_owner_street: '3 rue de la Gare',
    project_owner_postcode: '68000',
    project_owner_city: 'Colmar',
    project_owner_siret: '73282932000074',
    site_address: 'Route de Neuf-Brisach, 68000 Colmar',
    site_latitude: 48.0794,
    site_longitude: 7.3585,
    parcel_numbers: ['68066000AB0012', '68066000AB0013'],
    quantity: 5.01,
    materials: [
      {
        material_name: 'Sable et gravier',
        ground_composition: 'Alluvions du Rhin blanc/gris',
        quantity: 1200,
        price: 10,
        quality_class: 'INERT_NATURAL_BACKGROUND',
        waste_code: '17 05 04',
      },
    ],
    ground_type_unknown: false,
    soil_study_delegation: true,
    accept_certification: true,
    start_date: dayFromToday(30),
    end_date: dayFromToday(120),
    // What a FILL site accepts (required at submission, issue 11).
    ...(overrides.type === 'FILL'
      ? { receiving_use: 'UNDER_BUILDING', accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'], accepted_waste_codes: ['17 05 04'] }
      : {}),
    ...overrides,
  };
}

/** A small real file of each allowed kind (magic numbers + padding). */
export const SAMPLE_FILES: Record<string, Uint8Array> = {
  'permis.pdf': new TextEncoder().encode('%PDF-1.4\n% sample\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  'plan.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]),
  'photo.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  'photo.jpeg': new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 16, 0x45, 0x78, 0x69, 0x66]),
  'vue.gif': new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
  'chantier.heic': new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')]),
  'etude.docx': new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0, 8, 0]),
  'releve.xlsx': new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0, 8, 0, 1]),
  'courrier.doc': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
  'tableau.xls': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 1]),
};

export async function uploadDocument(
  api: TestApi,
  token: string,
  inquiryId: string,
  file: { name: string; bytes: Uint8Array; kind?: string | null; type?: string },
) {
  const form = new FormData();
  if (file.kind !== null) form.append('kind', file.kind ?? 'PERMISSION');
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${api.url}/api/v1/inquiries/${inquiryId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A complete listing of the owner's organisation with its permission document, still a draft. */
export async function createCompleteDraft(api: TestApi, token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await api.request('POST', '/inquiries', { token, body: { type: 'CUT', ...completeListingFields(overrides) } });
  expect(created.status).toBe(201);
  const uploaded = await uploadDocument(api, token, created.body.id, { name: 'permis.pdf', bytes: SAMPLE_FILES['permis.pdf']! });
  expect(uploaded.status).toBe(201);
  return created.body.id as string;
}

// WinAnsi bytes 0x80-0x9F that differ from Latin-1 (pdfkit's built-in fonts encode text so).
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x8c: 'Œ', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x9c: 'œ' };

interface PdfObject {
  dict: string;
  /** The stream's bytes, inflated when they were deflated. */
  stream?: string;
}

/** The objects of a PDF by number: their dictionary and their stream, if any. */
function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(source)) !== null) {
    const bodyStart = match.index + match[0].length;
    const endobj = source.indexOf('endobj', bodyStart);
    const streamAt = source.slice(bodyStart, endobj < 0 ? undefined : endobj).search(/(?<![a-z])stream\r?\n/);
    if (streamAt < 0) {
      objects.set(match[1]!, { dict: source.slice(bodyStart, endobj) });
      continue;
    }
    const dict = source.slice(bodyStart, bodyStart + streamAt);
    const dataStart = source.indexOf('\n', bodyStart + streamAt) + 1;
    const end = source.indexOf('endstream', dataStart);
    const raw = pdf.subarray(dataStart, end);
    let stream: string;
    try {
      stream = inflateSync(raw).toString('latin1');
    } catch {
      stream = raw.toString('latin1');
    }
    objects.set(match[1]!, { dict, stream });
    header.lastIndex = end + 'endstream'.length;
  }
  return objects;
}

/**
 * The text of a pdfkit document, for assertions: every content stream of every page, with the
 * hex strings of its TJ/Tj operators decoded, one line per operator. An embedded font's glyph
 * codes (two bytes each) are read through its ToUnicode CMap; a built-in font's bytes as WinAnsi.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  // Font resource name (/F1...) -> its ToUnicode map; pdfkit names fonts once per document.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, name, ref] of dict.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '')?.[1];
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : undefined;
      if (cmap && !fonts.has(name!)) fonts.set(name!, parseToUnicode(cmap));
    }
  }
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (stream === undefined || /\/Type\s*\/|\/Subtype|\/Length1/.test(dict) || stream.includes('begincmap')) continue;
    let font: Map<number, string> | undefined;
    for (const operator of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|(<[0-9a-fA-F]*>)\s*Tj/g)) {
      if (operator[1]) {
        font = fonts.get(operator[1]);
        continue;
      }
      let text = '';
      for (const hex of (operator[2] ?? operator[3] ?? '').match(/<[0-9a-fA-F]*>/g) ?? []) {
        const bytes = Buffer.from(hex.slice(1, -1), 'hex');
        if (font) {
          for (let i = 0; i + 1 < bytes.length; i += 2) text += font.get(bytes.readUInt16BE(i)) ?? '';
        } else {
          for (const byte of bytes) text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
        }
      }
      lines.push(text);
    }
  }
  return lines.join('\n');
}

/** Pages of a PDF (its `/Type /Page` objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/**
 * The user's e-mail mode for these kinds of notification (issue 21), through the API. Tests that
 * read a status or matching e-mail as it happens ask for it at once: by default those kinds wait
 * for the daily summary.
 */
export async function chooseNotificationModes(api: TestApi, token: string, modes: Record<string, 'IMMEDIATE' | 'DIGEST'>): Promise<void> {
  const res = await api.request('PUT', '/notifications/preferences', {
    token,
    body: { preferences: Object.entries(modes).map(([kind, mode]) => ({ kind, mode })) },
  });
  expect(res.status).toBe(200);
}
