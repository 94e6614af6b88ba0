// Demo data of transfers on site (issue 18), so that every transfer screen and the register
// export show real cases under `pnpm start`: carriers (one with a valid receipt, one exempt, one
// whose receipt has expired, a barge operator, a foreign one); the demo organisation's transfer in
// progress (loads weighed and estimated, one refused, one corrected, one cancelled, one on its
// way); the Eurométropole's transfer in progress with two waste codes, 17 05 04 and 17 05 03*,
// and more than 10 000 t of 17 05 04 by barge; a transfer closed on the platform (its match DONE
// with the accepted loads' volume). Rows are written as the services write them (numbers from
// the yearly counter, carrier copies, versions), never through HTTP.
import {
  evaluateMatch,
  listingCharge,
  matchDoneFromClosing,
  todayInParis,
  transferClosing,
  type MatchingConfig,
  type MatchResult,
} from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import { storeDemoDocument } from '../files/demo.js';
import type { FileStorage } from '../files/storage.js';
import { appendLedgerLine } from '../services/credits.js';
import { toMatchListing } from '../services/matching.js';
import { carrierSnapshot, nextLoadNumber } from '../services/transfers.js';
import type { Tx } from './index.js';
import { carriers, inquiries, loads, loadVersions, matches, transfers, users, type StoredMaterial } from './schema.js';
import type { DemoIdentities } from './seed.js';

const DAY = 86_400_000;
/**
 * A demo load's departure: `daysAgo` days back at that Paris (winter) hour, and never later than
 * half an hour ago. Today's truck "on its way" leaves at 08:20, but data loaded before then (CI
 * runs at night) must not hold a departure in the future: correcting it would be refused.
 */
export function demoDeparture(now: Date, daysAgo: number, hour: number, minute = 0): Date {
  const date = new Date(now.getTime() - daysAgo * DAY);
  date.setUTCHours(hour - 1, minute, 0, 0);
  const latest = now.getTime() - 30 * 60_000;
  return date.getTime() > latest ? new Date(latest) : date;
}

const at = (daysAgo: number, hour: number, minute = 0) => demoDeparture(new Date(), daysAgo, hour, minute);

type CarrierRow = typeof carriers.$inferSelect;
type InquiryRow = typeof inquiries.$inferSelect;

interface DemoLoad {
  departedAt: Date;
  carrier: CarrierRow;
  plate: string;
  wasteCode: string;
  volumeM3: number;
  weightTonnes?: number;
  ticket?: string;
  /** Received: hours after the departure, and the outcome. */
  reception?: { afterHours: number; outcome: 'ACCEPTED' | 'REFUSED'; reason?: string; receivedVolumeM3?: number };
  cancel?: string;
  /** A correction: the departure as first recorded (volume, plate), kept as version 1. */
  correctedFrom?: { volumeM3: number; plate: string; note: string };
  overRemaining?: boolean;
}

async function insertLoads(tx: Tx, transferId: string, cutUserId: string, fillUserId: string, list: readonly DemoLoad[]) {
  for (const load of list) {
    const receivedAt = load.reception ? new Date(load.departedAt.getTime() + load.reception.afterHours * 3_600_000) : null;
    const status = load.cancel ? 'CANCELLED' : (load.reception?.outcome ?? 'IN_TRANSIT');
    const [row] = await tx
      .insert(loads)
      .values({
        transferId,
        number: await nextLoadNumber(tx, load.departedAt),
        status,
        version: load.correctedFrom ? 2 : 1,
        overRemaining: load.overRemaining ?? false,
        departedAt: load.departedAt,
        carrierId: load.carrier.id,
        carrierSnapshot: carrierSnapshot(load.carrier),
        vehiclePlate: load.plate,
        wasteCode: load.wasteCode,
        volumeM3: load.volumeM3,
        weightTonnes: load.weightTonnes ?? null,
        weighbridgeTicket: load.ticket ?? null,
        receivedAt,
        receivedBy: load.reception ? fillUserId : null,
        outcome: load.reception?.outcome ?? null,
        refusalReason: load.reception?.reason ?? null,
        receivedVolumeM3: load.reception?.receivedVolumeM3 ?? null,
        cancelledAt: load.cancel ? new Date(load.departedAt.getTime() + 2 * 3_600_000) : null,
        cancelledBy: load.cancel ? cutUserId : null,
        cancelReason: load.cancel ?? null,
        createdBy: cutUserId,
        createdAt: load.departedAt,
        updatedAt: receivedAt ?? load.departedAt,
      })
      .returning();
    if (load.correctedFrom) {
      await tx.insert(loadVersions).values({
        loadId: row!.id,
        version: 1,
        departedAt: load.departedAt,
        carrierId: load.carrier.id,
        carrierSnapshot: carrierSnapshot(load.carrier),
        vehiclePlate: load.correctedFrom.plate,
        wasteCode: load.wasteCode,
        volumeM3: load.correctedFrom.volumeM3,
        correctedBy: cutUserId,
        correctedAt: new Date(load.departedAt.getTime() + 20 * 60_000),
        note: load.correctedFrom.note,
      });
    }
  }
}

/** The match's figures, frozen as a proposal would (the reference pair's when this one does not score). */
function figuresOf(cut: InquiryRow, fill: InquiryRow, reference: MatchResult, matching?: MatchingConfig): MatchResult {
  const evaluation = evaluateMatch(toMatchListing(cut), toMatchListing(fill), matching);
  return evaluation.compatible ? evaluation.match : reference;
}

async function acceptedMatch(tx: Tx, cut: InquiryRow, fill: InquiryRow, volumeM3: number, figures: MatchResult, adminId: string | null, acceptedDaysAgo: number) {
  const acceptedAt = new Date(Date.now() - acceptedDaysAgo * DAY);
  const [match] = await tx
    .insert(matches)
    .values({
      cutInquiryId: cut.id,
      fillInquiryId: fill.id,
      status: 'ACCEPTED',
      proposedByUserId: adminId,
      volumeM3,
      figures: figures as unknown as Record<string, unknown>,
      acceptedAt,
      createdAt: new Date(acceptedAt.getTime() - 3 * DAY),
      updatedAt: acceptedAt,
    })
    .returning();
  const [transfer] = await tx
    .insert(transfers)
    .values({ matchId: match!.id, cutOrganizationId: cut.organizationId, fillOrganizationId: fill.organizationId, expectedVolumeM3: volumeM3, createdAt: acceptedAt, updatedAt: acceptedAt })
    .returning();
  return { match: match!, transfer: transfer! };
}

const listingByName = async (tx: Tx, name: string) => (await tx.select().from(inquiries).where(eq(inquiries.projectName, name)))[0];

export async function seedTransfers(tx: Tx, ids: DemoIdentities, storage: FileStorage, matching?: MatchingConfig): Promise<void> {
  const ecoquartier = await listingByName(tx, 'Écoquartier Rive Droite – tranche 2');
  const illzach = await listingByName(tx, 'Jardins familiaux d’Illzach');
  const eschau = await listingByName(tx, 'Parc d’activités d’Eschau');
  const citadelle = await listingByName(tx, 'Quartier Deux-Rives – îlot Citadelle');
  const geispolsheim = await listingByName(tx, 'Merlon anti-bruit A35 – Geispolsheim');
  const parvis = await listingByName(tx, 'Parvis de la gare – Strasbourg');
  const etoile = await listingByName(tx, 'Remblai de la ZAC de l’Étoile');
  if (!ecoquartier || !illzach || !eschau || !citadelle || !geispolsheim || !parvis || !etoile) return;
  const reference = evaluateMatch(toMatchListing(parvis), toMatchListing(etoile), matching);
  if (!reference.compatible) return;
  const userOf = async (organizationId: string) => (await tx.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId)))[0]!.id;

  // The transfer done last week was run outside the platform: a volume typed by an admin.
  await tx.update(matches).set({ doneSource: 'OUTSIDE_PLATFORM' }).where(eq(matches.status, 'DONE'));

  // ── carriers ──
  const day = (offset: number) => todayInParis(new Date(Date.now() + offset * DAY));
  const demoCarriers = await tx
    .insert(carriers)
    .values([
      {
        organizationId: ids.organizationId, siret: '35600000000048', name: 'Transports Rhénans SARL', street: '22 rue de l’Industrie', postcode: '68200', city: 'Mulhouse',
        receiptNumber: '2023-68-0412', receiptDepartment: '68', receiptValidUntil: day(420), createdBy: ids.ownerId,
      },
      {
        organizationId: ids.organizationId, siret: '73282932000074', name: "Terrassements d'Alsace SAS (moyens propres)", street: '12 rue du Rhône', postcode: '68100', city: 'Mulhouse',
        exemption: 'OWN_WASTE', createdBy: ids.ownerId,
      },
      {
        organizationId: ids.organizationId, siret: '55208131766522', name: 'Bennes du Ried', street: '5 rue des Saules', postcode: '68600', city: 'Neuf-Brisach',
        receiptNumber: '2021-68-0097', receiptDepartment: '68', receiptValidUntil: day(-30), createdBy: ids.ownerId,
      },
    ])
    .returning();
  const [rhenans, ownMeans] = demoCarriers as [CarrierRow, CarrierRow, CarrierRow];
  const euro = await tx.select().from(inquiries).where(eq(inquiries.projectName, 'Port du Rhin – bassin Vauban'));
  const euroOrganizationId = euro[0]?.organizationId ?? parvis.organizationId;
  const euroCarriers = await tx
    .insert(carriers)
    .values([
      {
        organizationId: euroOrganizationId, siret: '44306184100047', name: 'Batellerie du Rhin SAS', street: '1 quai du Port du Rhin', postcode: '67100', city: 'Strasbourg',
        transportMode: 'RIVER', receiptNumber: '2024-67-1120', receiptDepartment: '67', receiptValidUntil: day(600),
      },
      {
        organizationId: euroOrganizationId, siret: '35600000000048', name: 'Transports Vogel', street: '9 route du Rhin', postcode: '67000', city: 'Strasbourg',
        receiptNumber: '2022-67-0815', receiptDepartment: '67', receiptValidUntil: day(200),
      },
      {
        organizationId: euroOrganizationId, countryCode: 'DE', identifier: 'DE136695976', name: 'Kehler Erdbau GmbH', street: 'Hafenstraße 4', postcode: '77694', city: 'Kehl',
      },
    ])
    .returning();
  const [barge, vogel] = euroCarriers as [CarrierRow, CarrierRow, CarrierRow];

  // ── the demo organisation's transfer in progress (owner@demo.test, employee@demo.test) ──
  {
    const { transfer } = await acceptedMatch(tx, ecoquartier, illzach, 400, figuresOf(ecoquartier, illzach, reference.match, matching), ids.adminId, 9);
    const fillUser = await userOf(illzach.organizationId);
    await insertLoads(tx, transfer.id, ids.employeeId, fillUser, [
      { departedAt: at(6, 7, 40), carrier: rhenans, plate: 'FG-482-KL', wasteCode: '17 05 04', volumeM3: 18, weightTonnes: 31.2, ticket: 'PB-2026-1187', reception: { afterHours: 1, outcome: 'ACCEPTED' } },
      { departedAt: at(6, 9, 5), carrier: rhenans, plate: 'FG-482-KL', wasteCode: '17 05 04', volumeM3: 18, weightTonnes: 30.6, ticket: 'PB-2026-1192', reception: { afterHours: 1, outcome: 'ACCEPTED', receivedVolumeM3: 17.5 } },
      { departedAt: at(5, 8, 0), carrier: ownMeans, plate: 'DS-903-MB', wasteCode: '17 05 04', volumeM3: 16, reception: { afterHours: 1, outcome: 'ACCEPTED' } },
      { departedAt: at(5, 10, 30), carrier: ownMeans, plate: 'DS-903-MB', wasteCode: '17 05 04', volumeM3: 16, reception: { afterHours: 2, outcome: 'REFUSED', reason: 'Présence de blocs de béton et de ferraille dans la benne.' } },
      { departedAt: at(4, 7, 15), carrier: rhenans, plate: 'GH-115-RT', wasteCode: '17 05 04', volumeM3: 17, correctedFrom: { volumeM3: 71, plate: 'GH-115-RT', note: 'Saisie de 71 m³ au lieu de 17 m³.' }, reception: { afterHours: 1, outcome: 'ACCEPTED' } },
      { departedAt: at(4, 9, 0), carrier: rhenans, plate: 'GH-115-RT', wasteCode: '17 05 04', volumeM3: 17, cancel: 'Bon saisi deux fois pour le même camion.' },
      { departedAt: at(0, 8, 20), carrier: ownMeans, plate: 'DS-903-MB', wasteCode: '17 05 04', volumeM3: 16 },
    ]);
  }

  // ── the Eurométropole's transfer: two codes, 17 05 03* by road, > 10 000 t of 17 05 04 by barge ──
  {
    const cost = listingCharge('CUT', 6);
    const materials: StoredMaterial[] = [
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions du Rhin blanc/gris', quantity: 9000, price: 9, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
      { materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 900, price: -5, qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*', pop: 'PRESENT' },
    ];
    const [cut] = await tx
      .insert(inquiries)
      .values({
        organizationId: euroOrganizationId,
        userId: await userOf(euroOrganizationId),
        type: 'CUT',
        status: 'PRE_CONTRACT_SIGNED',
        projectName: 'Friche portuaire du Heyritz – dépollution',
        projectOwnerFirstName: 'Léa',
        projectOwnerLastName: 'Hoffmann',
        // The maître d'ouvrage is a company: its raison sociale is what the register and the contracts name (issue 19).
        projectOwnerCompanyName: 'Travaux Publics de l’Eurométropole SAS',
        projectOwnerStreet: '15 quai Kléber',
        projectOwnerPostcode: '67000',
        projectOwnerCity: 'Strasbourg',
        projectOwnerSiret: '81234567000028',
        siteAddress: 'Rue du Heyritz 67000 Strasbourg',
        siteLatitude: 48.574,
        siteLongitude: 7.757,
        parcelNumbers: ['67482000CW0211'],
        quantity: 6,
        // The facts the transfer contract states (issue 19); invented demo values.
        sisIdentifier: '67SIS00321',
        // At most 50 characters: the register's « DAP » carries them (domain `texsDapOf`).
        analysisReferences: 'LRA-2026-0412, Laboratoire Rhénan, 02/09/2026',
        soilPreparer: 'Travaux Publics de l’Eurométropole SAS (plateforme de tri du port du Rhin)',
        permitReference: 'PA 067 482 26 00017',
        permitDate: '2026-06-15',
        materials,
        soilStudyDelegation: true,
        acceptCertification: true,
        startDate: day(-40),
        endDate: day(90),
        cost,
        submittedAt: new Date(Date.now() - 60 * DAY),
        validatedAt: new Date(Date.now() - 59 * DAY),
        createdAt: new Date(Date.now() - 62 * DAY),
      })
      .returning();
    await storeDemoDocument(tx, storage, { inquiryId: cut!.id, kind: 'PERMISSION', name: 'arrete-permis-amenager.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1') });
    await appendLedgerLine(tx, { organizationId: euroOrganizationId, kind: 'LISTING_VALIDATION', amount: -cost, reference: `inquiry-validation:${cut!.id}`, inquiryId: cut!.id, actorUserId: ids.adminId });
    const { transfer } = await acceptedMatch(tx, cut!, eschau, 9500, figuresOf(cut!, eschau, reference.match, matching), ids.adminId, 35);
    const cutUser = cut!.userId;
    const fillUser = await userOf(eschau.organizationId);
    const barges: DemoLoad[] = [30, 23, 16, 9].map((daysAgo, i) => ({
      departedAt: at(daysAgo, 6, 30),
      carrier: barge,
      plate: `BARGE RHIN ${i + 1}`,
      wasteCode: '17 05 04',
      volumeM3: 1500,
      weightTonnes: 2580 + i * 15,
      ticket: `PONT-PORT-${4410 + i}`,
      reception: { afterHours: 9, outcome: 'ACCEPTED' },
    }));
    const trucks: DemoLoad[] = [12, 12, 11, 2].map((daysAgo, i) => ({
      departedAt: at(daysAgo, 8 + i, 0),
      carrier: vogel,
      plate: 'EK-271-PZ',
      wasteCode: '17 05 03*',
      volumeM3: 14,
      weightTonnes: 24.1 + i / 10,
      ticket: `PB-HEY-${301 + i}`,
      ...(daysAgo > 2 ? { reception: { afterHours: 1, outcome: 'ACCEPTED' as const } } : {}),
    }));
    await insertLoads(tx, transfer.id, cutUser, fillUser, [...barges, ...trucks]);
  }

  // ── a transfer closed on the platform: its match DONE with the accepted loads' totals ──
  {
    const { match, transfer } = await acceptedMatch(tx, citadelle, geispolsheim, 150, figuresOf(citadelle, geispolsheim, reference.match, matching), ids.adminId, 40);
    const cutUser = citadelle.userId;
    const fillUser = geispolsheim.userId;
    const local = vogel;
    const list: DemoLoad[] = [
      ...[34, 34, 33, 33, 32, 31].map((daysAgo, i) => ({
        departedAt: at(daysAgo, 7 + i, 10),
        carrier: local!,
        plate: 'EK-271-PZ',
        wasteCode: '17 05 04',
        volumeM3: 20,
        ...(i % 2 === 0 ? { weightTonnes: 33.5 + i / 10, ticket: `PB-CIT-${700 + i}` } : {}),
        reception: { afterHours: 1, outcome: 'ACCEPTED' as const },
      })),
      { departedAt: at(31, 14, 0), carrier: local!, plate: 'EK-271-PZ', wasteCode: '17 05 04', volumeM3: 20, reception: { afterHours: 1, outcome: 'REFUSED', reason: 'Terre trop humide pour le compactage.' } },
      { departedAt: at(30, 8, 0), carrier: local!, plate: 'EK-271-PZ', wasteCode: '17 05 04', volumeM3: 20, cancel: 'Le camion n’est pas parti.' },
    ];
    await insertLoads(tx, transfer.id, cutUser, fillUser, list);
    const balanceRows = (await tx.select().from(loads).where(eq(loads.transferId, transfer.id))).map((row) => ({
      id: row.id,
      version: row.version,
      status: row.status as 'ACCEPTED',
      wasteCode: row.wasteCode,
      volumeM3: row.volumeM3,
      weightTonnes: row.weightTonnes,
      departedAt: row.departedAt.toISOString(),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      receivedVolumeM3: row.receivedVolumeM3,
    }));
    const closing = transferClosing(balanceRows, { soilDensityTonnesPerM3: matching?.soilDensityTonnesPerM3 ?? null });
    if (closing.ok) {
      const done = matchDoneFromClosing(closing.closing);
      const closedAt = new Date(Date.now() - 28 * DAY);
      await tx
        .update(matches)
        .set({ status: 'DONE', doneAt: closedAt, updatedAt: closedAt, movedVolumeM3: done.movedVolumeM3, transferDate: done.transferDate, transferEndDate: done.transferEndDate, doneSource: done.source })
        .where(eq(matches.id, match.id));
      await tx.update(transfers).set({ status: 'CLOSED', closedAt, closedBy: ids.adminId, updatedAt: closedAt }).where(eq(transfers.id, transfer.id));
    }
  }

  // A site sends or takes soil only while its listing is available (the register flags a load
  // dated outside it, issue 19): each listing with loads is available from its first load's day,
  // and was created, submitted and validated in the days before, when that start date was still ahead.
  await tx.execute(sql`
    update inquiries set
      start_date = first_load.day,
      created_at = least(inquiries.created_at, (first_load.day - 3)::timestamp at time zone 'Europe/Paris'),
      submitted_at = least(inquiries.submitted_at, (first_load.day - 2)::timestamp at time zone 'Europe/Paris'),
      validated_at = least(inquiries.validated_at, (first_load.day - 1)::timestamp at time zone 'Europe/Paris')
    from (
      select listing_id, min(day) as day from (
        select m.cut_inquiry_id as listing_id, (l.departed_at at time zone 'Europe/Paris')::date as day
          from loads l join transfers t on t.id = l.transfer_id join matches m on m.id = t.match_id
        union all
        select m.fill_inquiry_id, (l.departed_at at time zone 'Europe/Paris')::date
          from loads l join transfers t on t.id = l.transfer_id join matches m on m.id = t.match_id
      ) days group by listing_id
    ) first_load
    where inquiries.id = first_load.listing_id and (inquiries.start_date is null or inquiries.start_date > first_load.day)
  `);
}
