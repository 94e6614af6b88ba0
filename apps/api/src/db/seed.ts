// Demo data (`DEMO_DATA=1`, set by `pnpm start`; CONTRACT §2): loaded only into an EMPTY
// database, in one transaction, so a restart never loads it twice. Accounts: the ADMIN_EMAILS
// addresses as admins (admin@demo.test in dev), owner@demo.test and employee@demo.test of a
// verified organisation with credits, plus a second, unverified organisation (its onboarding
// complete, so owner2@demo.test reaches its own dashboard) so admin screens have something to
// compare and the portal shows a second organisation's view.
//
// Each further part of the demo (listings, payments) is a `seedX(tx, identities, ...)` function
// in its own `seed-*.ts`, called by one line in loadDemoData after seedIdentities.
import type { MatchingConfig } from '@terres/domain';
import { sql } from 'drizzle-orm';
import { appendLedgerLine } from '../services/credits.js';
import { seedListings } from './seed-listings.js';
import type { Db, Tx } from './index.js';
import { asSystem } from './scope.js';
import { seedMatching } from './seed-matching.js';
import { seedTransfers } from './seed-transfers.js';
import { seedDemoPayments } from './seed-payments.js';
import { organizations, users } from './schema.js';
import type { FileStorage } from '../files/storage.js';

export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  owner: 'owner@demo.test',
  employee: 'employee@demo.test',
  otherOwner: 'owner2@demo.test',
} as const;

export interface DemoIdentities {
  /** The first ADMIN_EMAILS address's account; null when ADMIN_EMAILS is empty. */
  adminId: string | null;
  organizationId: string;
  ownerId: string;
  employeeId: string;
  otherOrganizationId: string;
  otherOwnerId: string;
}

const ADVERTISER_ACCOUNTS: readonly string[] = [DEMO_ACCOUNTS.owner, DEMO_ACCOUNTS.employee, DEMO_ACCOUNTS.otherOwner];

/**
 * Only ADMIN_EMAILS addresses are admins (CONTRACT §6), so the demo's admins are those; an
 * address that is also a demo advertiser account stays an advertiser.
 */
async function seedAdmins(tx: Tx, adminEmails: readonly string[]): Promise<string | null> {
  const emails = [...new Set(adminEmails.map((email) => email.trim().toLowerCase()))].filter(
    (email) => email !== '' && !ADVERTISER_ACCOUNTS.includes(email),
  );
  if (emails.length === 0) return null;
  // The first one gets a complete profile, so the console shows a name.
  const profile = { firstName: 'Alex', lastName: 'Durand', phoneNumber: '03 89 00 00 01' };
  const rows = await tx
    .insert(users)
    .values(emails.map((email, i) => ({ email, role: 'ADMIN' as const, ...(i === 0 ? profile : {}) })))
    .returning({ id: users.id, email: users.email });
  return rows.find((row) => row.email === emails[0])!.id;
}

async function seedIdentities(tx: Tx, adminEmails: readonly string[]): Promise<DemoIdentities> {
  const adminId = await seedAdmins(tx, adminEmails);
  const [organization] = await tx
    .insert(organizations)
    .values({
      name: "Terrassements d'Alsace SAS",
      registrationNumber: '73282932000074',
      legalForm: 'SAS',
      street: '12 rue du Rhône',
      postcode: '68100',
      city: 'Mulhouse',
      country: 'France',
      email: 'contact@terrassements-alsace.fr',
      officePhoneNumber: '03 89 45 12 00',
      mobilePhoneNumber: '06 12 34 56 78',
      representativeFirstName: 'Camille',
      representativeLastName: 'Martin',
      representativePosition: 'Présidente',
      representativeEmail: 'camille.martin@terrassements-alsace.fr',
      representativePhoneNumber: '06 98 76 54 32',
      verified: true,
    })
    .returning();
  const [owner] = await tx
    .insert(users)
    .values({ email: DEMO_ACCOUNTS.owner, role: 'OWNER', firstName: 'Camille', lastName: 'Martin', phoneNumber: '06 12 34 56 78', organizationId: organization!.id })
    .returning();
  const [employee] = await tx
    .insert(users)
    .values({ email: DEMO_ACCOUNTS.employee, role: 'EMPLOYEE', firstName: 'Lucas', lastName: 'Bernard', phoneNumber: '06 23 45 67 89', organizationId: organization!.id })
    .returning();
  await appendLedgerLine(tx, {
    organizationId: organization!.id,
    kind: 'ADMIN_GRANT',
    amount: 999,
    reference: 'demo:welcome-grant',
    actorUserId: adminId,
  });

  const [other] = await tx
    .insert(organizations)
    .values({
      name: 'Remblais du Haut-Rhin SARL',
      registrationNumber: '44306184100047',
      legalForm: 'SARL',
      street: '4 route de Bâle',
      postcode: '68300',
      city: 'Saint-Louis',
      country: 'France',
      email: 'contact@remblais-haut-rhin.fr',
      officePhoneNumber: '03 89 67 20 10',
      mobilePhoneNumber: '06 45 78 12 90',
      representativeFirstName: 'Julie',
      representativeLastName: 'Weber',
      representativePosition: 'Gérante',
      representativeEmail: 'julie.weber@remblais-haut-rhin.fr',
      representativePhoneNumber: '06 11 22 33 44',
    })
    .returning();
  const [otherOwner] = await tx
    .insert(users)
    .values({ email: DEMO_ACCOUNTS.otherOwner, role: 'OWNER', firstName: 'Julie', lastName: 'Weber', phoneNumber: '06 11 22 33 44', organizationId: other!.id })
    .returning();

  return {
    adminId,
    organizationId: organization!.id,
    ownerId: owner!.id,
    employeeId: employee!.id,
    otherOrganizationId: other!.id,
    otherOwnerId: otherOwner!.id,
  };
}

export interface DemoDataOptions {
  /** Receives the demo documents' files (`app.storage`: local disk or the S3 bucket). */
  storage: FileStorage;
  /** The configuration's ADMIN_EMAILS (`config.adminEmails`); default: admin@demo.test. */
  adminEmails?: readonly string[];
  /** The configuration's matching settings (`config.matching`): the demo matches' figures are frozen with them. */
  matching?: MatchingConfig;
}

/**
 * Loads the demo data if the database has no user and no organisation; answers whether it did.
 * Across organisations (row-level security): a named system path.
 */
export async function loadDemoData(db: Db, options: DemoDataOptions): Promise<boolean> {
  return asSystem('demo-seed', () => db.transaction(async (tx) => {
    // Two processes starting at once: one loads, the other then sees a non-empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(4021977314)`);
    const { rows } = await tx.execute<{ n: number }>(
      sql`select (select count(*) from users) + (select count(*) from organizations) as n`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) return false;
    const identities = await seedIdentities(tx, options.adminEmails ?? [DEMO_ACCOUNTS.admin]);
    await seedDemoPayments(tx, identities);
    await seedListings(tx, identities, options.storage);
    await seedMatching(tx, identities, options.storage, options.matching);
    await seedTransfers(tx, identities, options.storage, options.matching);
    return true;
  }));
}
