// Seeding through the real HTTP API (never the database): what a journey needs before its own
// story starts, e.g. an owner with a complete, verified organisation and credits, so the wizard
// journey does not replay onboarding. Codes come from the SMTP capture like everyone else's.
import type { MailClient } from '../mail/client';
import { forgetUsedCodes } from '../stack/database';
import type { StackInfo } from '../stack/stack';
import { uniqueSiret } from './helpers';
import { pdf } from './listing-data';

export interface ApiUser {
  id: string;
  email: string;
  role: 'ADMIN' | 'OWNER' | 'EMPLOYEE';
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  organizationId: string | null;
}

export interface Session {
  accessToken: string;
  user: ApiUser;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
    where: string,
  ) {
    const detail = (problem as { detail?: string } | null)?.detail;
    super(`${where} answered ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'ApiError';
  }
}

/** The organisation every seeded owner gets unless told otherwise: complete (onboarding skipped). */
export const DEFAULT_ORGANIZATION = {
  name: 'Terrassements du Sundgau',
  /** Replaced by a fresh SIRET for each seeded owner unless given. */
  registration_number: '73282932000074',
  legal_form: 'SAS',
  street: '12 rue du Rhône',
  postcode: '68100',
  city: 'Mulhouse',
  country: 'France',
  email: 'contact@terrassements-sundgau.fr',
  office_phone_number: '03 89 45 12 00',
  mobile_phone_number: '06 12 34 56 78',
  representative_first_name: 'Camille',
  representative_last_name: 'Martin',
  representative_position: 'Présidente',
  representative_email: 'camille.martin@terrassements-sundgau.fr',
  representative_phone_number: '06 98 76 54 32',
};

export type OrganizationFields = Partial<typeof DEFAULT_ORGANIZATION>;

export interface SeedOwnerOptions {
  email: string;
  profile?: { first_name: string; last_name: string; phone_number: string };
  /** Fields over the default organisation; `false`: no organisation (onboarding step 1). */
  organization?: OrganizationFields | false;
  /** Marked verified by the admin (default true). */
  verified?: boolean;
  /** Credits granted by the admin (default 0). */
  credits?: number;
}

export interface SeededOwner {
  email: string;
  session: Session;
  organizationId: string | null;
}

const CREATE_FIELDS = ['name', 'registration_number', 'legal_form', 'street', 'postcode', 'city', 'country'] as const;

export class E2eApi {
  private adminSession: Promise<Session> | undefined;

  constructor(
    private readonly stack: StackInfo,
    private readonly mail: MailClient,
  ) {}

  /** Any call; a non-2xx answer throws with the problem's French `detail`. */
  async call<T = unknown>(session: Session | null, method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (session) headers.authorization = `Bearer ${session.accessToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.stack.apiUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ApiError(response.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  /**
   * Uploads a document to a listing as `session` does (multipart `POST /inquiries/{id}/documents`):
   * `kind` ('PERMISSION', 'SOIL_STUDY', ...), under `fileName`, a minimal PDF by default.
   */
  async upload(session: Session, inquiryId: string, kind: string, fileName: string, content: string = pdf(fileName)): Promise<void> {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([content], { type: 'application/pdf' }), fileName);
    const response = await fetch(`${this.stack.apiUrl}/inquiries/${inquiryId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }

  /** Asks a code for `email` ('login' or 'register'), reads it from the mailbox, verifies it. */
  async signIn(email: string, purpose: 'login' | 'register' = 'login'): Promise<Session> {
    // Used codes aged before and after: whoever signed this address in before, it may ask again now.
    await forgetUsedCodes(this.stack.databaseUrl, email);
    const since = Date.now();
    await this.call(null, 'POST', `/auth/${purpose}/magic-link/request`, { email });
    const otp = await this.mail.lastCode(email, { since });
    const session = await this.call<Session>(null, 'POST', '/auth/magic-link/verify', { email, otp });
    await forgetUsedCodes(this.stack.databaseUrl, email);
    return session;
  }

  /** The platform admin of the stack, signed in once per worker. */
  admin(): Promise<Session> {
    this.adminSession ??= this.signIn(this.stack.adminEmails[0]!);
    return this.adminSession;
  }

  /** An owner ready for the journeys: profile, complete organisation, verified, with credits. */
  async seedOwner({ email, profile, organization = {}, verified = true, credits = 0 }: SeedOwnerOptions): Promise<SeededOwner> {
    let session = await this.signIn(email, 'register');
    const user = await this.call<ApiUser>(
      session,
      'PUT',
      '/users/me',
      profile ?? { first_name: 'Alex', last_name: 'Durand', phone_number: '06 11 22 33 44' },
    );
    session = { ...session, user };
    if (organization === false) return { email, session, organizationId: null };

    // Each seeded organisation has its own SIRET (two active ones cannot share one).
    const fields = { ...DEFAULT_ORGANIZATION, registration_number: uniqueSiret(), ...organization };
    const created = await this.call<{ id: string }>(
      session,
      'POST',
      '/organizations',
      Object.fromEntries(CREATE_FIELDS.map((name) => [name, fields[name]])),
    );
    const contacts = Object.fromEntries(Object.entries(fields).filter(([name]) => !(CREATE_FIELDS as readonly string[]).includes(name)));
    await this.call(session, 'PUT', `/organizations/${created.id}`, contacts);

    if (verified || credits > 0) {
      const admin = await this.admin();
      if (verified) await this.call(admin, 'PUT', `/organizations/${created.id}/verify?verified=true`);
      // One grant is 1 to 999 credits (the API's rule).
      for (let left = credits; left > 0; left -= 999) {
        await this.call(admin, 'POST', `/organizations/${created.id}/credits`, { credits: Math.min(left, 999), reason: 'Crédits de la mise en place du parcours' });
      }
    }
    return { email, session: { ...session, user: { ...session.user, organizationId: created.id } }, organizationId: created.id };
  }
}
