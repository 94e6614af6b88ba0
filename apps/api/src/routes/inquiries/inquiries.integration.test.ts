import {
  INQUIRY_STATUSES,
  maxLengthMessage,
  messages,
  NAME_MAX_LENGTH,
  statusLabel,
  TEXT_MAX_LENGTH,
  transitionError,
  type InquiryStatus,
} from '@terres/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, inquiries } from '../../db/schema.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  adminToken,
  chooseNotificationModes,
  completeListingFields,
  createCompleteDraft,
  createEmployee,
  createOwner,
  dayFromToday,
  grantCredits,
  pdfText,
  type OwnerFixture,
} from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
});

afterAll(async () => {
  await api?.close();
});

async function balanceOf(organizationId: string): Promise<{ balance: number; ledgerSum: number }> {
  const org = await api.request('GET', `/organizations/${organizationId}`, { token: admin });
  const { rows } = await api.database.db.execute<{ sum: string }>(
    sql`select coalesce(sum(amount), 0) as sum from credit_ledger where organization_id = ${organizationId}`,
  );
  return { balance: org.body.creditBalance, ledgerSum: Number(rows[0]!.sum) };
}

function setStatus(id: string, status: string, reason?: string) {
  return api.request('PUT', `/inquiries/${id}/status`, { token: admin, body: reason === undefined ? { status } : { status, reason } });
}

function submit(token: string, id: string, fields: Record<string, unknown> = {}) {
  return api.request('PUT', `/inquiries/${id}`, { token, body: { ...fields, status: 'PENDING_VALIDATION' } });
}

describe('a listing from draft to processed', () => {
  it('goes through creation, edits, upload, submission, validation with the exact debit, and every later step', async () => {
    const owner = await createOwner(api, { credits: 200 });
    // Each status e-mail read as it happens (by default they wait for the daily summary).
    await chooseNotificationModes(api, owner.token, { STATUS: 'IMMEDIATE' });
    const created = await api.request('POST', '/inquiries/', { token: owner.token, body: { type: 'CUT', project_name: 'ZAC du Ried', status: 'DRAFT' } });
    expect(created.status).toBe(201);
    expectResponseMatches('POST', '/inquiries', 201, created.body);
    expect(created.body).toMatchObject({ status: 'DRAFT', type: 'CUT', projectName: 'ZAC du Ried', organizationId: owner.organizationId, cost: 50 });
    const id = created.body.id as string;

    const edited = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: completeListingFields({ project_name: 'ZAC du Ried' }) });
    expect(edited.status).toBe(200);
    expectResponseMatches('PUT', '/inquiries/{id}', 200, edited.body);
    expect(edited.body).toMatchObject({ quantity: 5.01, cost: 80, parcelNumbers: ['68066000AB0012', '68066000AB0013'] });
    expect(edited.body.materials).toEqual([{ materialName: 'Sable et gravier', groundComposition: 'Alluvions du Rhin blanc/gris', quantity: 1200, price: 10, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'UNKNOWN' }]);

    // Without its permission document the listing cannot be submitted.
    const incomplete = await submit(owner.token, id);
    expect(incomplete.status).toBe(422);
    expectResponseMatches('PUT', '/inquiries/{id}', 422, incomplete.body);
    expect(incomplete.body.errors.documents).toBe("Le document d'autorisation est requis.");

    const form = new FormData();
    form.append('kind', 'PERMISSION');
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'permis de construire.pdf');
    const upload = await fetch(`${api.url}/api/v1/inquiries/${id}/documents`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(upload.status).toBe(201);

    const submitted = await submit(owner.token, id);
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('PENDING_VALIDATION');
    const submittedMail = await api.smtp.waitForMessage(owner.email, (m) => m.subject.includes('En attente de validation'));
    expect(submittedMail.text).toContain('ZAC du Ried');
    expect((await balanceOf(owner.organizationId)).balance).toBe(200);

    // Submitted listings are no longer editable by the advertiser.
    const locked = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { project_name: 'Autre' } });
    expect(locked.status).toBe(409);
    expectResponseMatches('PUT', '/inquiries/{id}', 409, locked.body);

    const approved = await setStatus(id, 'APPROVED');
    expect(approved.status).toBe(200);
    expectResponseMatches('PUT', '/inquiries/{id}/status', 200, approved.body);
    expect(await balanceOf(owner.organizationId)).toEqual({ balance: 120, ledgerSum: 120 });
    const approvedMail = await api.smtp.waitForMessage(owner.email, (m) => m.subject.includes('Validée'));
    expect(approvedMail.text).toMatch(/80\s+crédits ont été débités\. Solde restant : 120\s+crédits\./);
    const lines = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: owner.token });
    expect(lines.body[0]).toMatchObject({ kind: 'LISTING_VALIDATION', amount: -80, balanceAfter: 120, inquiryId: id, reference: `inquiry-validation:${id}` });
    // What the line is about, for the console's ledger (issue 21): the listing's title.
    expect(lines.body[0]).toMatchObject({ inquiryProjectName: 'ZAC du Ried', invoiceNumber: null });

    for (const status of ['DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED']) {
      const moved = await setStatus(id, status);
      expect(moved.status, status).toBe(200);
      expect(moved.body.status).toBe(status);
    }
    for (const status of ['DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'] as const) {
      const label = statusLabel(status);
      const mail = await api.smtp.waitForMessage(owner.email, (m) => m.subject.endsWith(`: ${label}`));
      expect(mail.text).toContain(`a changé de statut : ${label}.`);
      expect(mail.html).toContain('ZAC du Ried');
    }
    expect(statusLabel('PROCESSED')).toBe('Traitée');
    const after = await setStatus(id, 'APPROVED');
    expect(after.status).toBe(409);
    expectResponseMatches('PUT', '/inquiries/{id}/status', 409, after.body);
    expect((await balanceOf(owner.organizationId)).balance).toBe(120);
    const audit = await api.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'inquiry.status_changed')));
    expect(audit).toHaveLength(5);
    const submission = await api.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'inquiry.submitted')));
    expect(submission).toHaveLength(1);
  });

  it('is refused with a reason that is e-mailed, edited and resubmitted', async () => {
    const owner = await createOwner(api, { credits: 100 });
    const employee = await createEmployee(api, owner);
    const id = await createCompleteDraft(api, employee.token, { quantity: 3 });
    expect((await submit(employee.token, id)).status).toBe(200);

    const noReason = await setStatus(id, 'REJECTED');
    expect(noReason.status).toBe(422);
    expectResponseMatches('PUT', '/inquiries/{id}/status', 422, noReason.body);
    expect(noReason.body.detail).toBe('Le motif du refus est requis.');
    const blank = await setStatus(id, 'REJECTED', '   ');
    expect(blank.status).toBe(422);
    const long = await setStatus(id, 'REJECTED', 'x'.repeat(2001));
    expect(long.status).toBe(422);
    expect(long.body.errors.reason).toBe('Ce champ ne doit pas dépasser 2000 caractères.');
    expect((await api.request('GET', `/inquiries/${id}`, { token: owner.token })).body.status).toBe('PENDING_VALIDATION');

    const refused = await setStatus(id, 'REJECTED', 'Les parcelles ne correspondent pas à l’adresse du site.');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Les parcelles ne correspondent pas à l’adresse du site.' });
    for (const email of [owner.email, employee.email]) {
      const mail = await api.smtp.waitForMessage(email, (m) => m.subject.includes('Refusée'));
      expect(mail.text).toContain('Motif du refus : Les parcelles ne correspondent pas à l’adresse du site.');
      expect(mail.html).toContain('Les parcelles ne correspondent pas');
    }
    expect((await balanceOf(owner.organizationId)).balance).toBe(100);

    const fixed = await submit(employee.token, id, { parcel_numbers: ['68066000AB0099'] });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'PENDING_VALIDATION', parcelNumbers: ['68066000AB0099'], rejectionReason: null });
    expect((await setStatus(id, 'APPROVED')).status).toBe(200);
    expect((await balanceOf(owner.organizationId)).balance).toBe(50);
  });
});

describe('an edit racing another change', () => {
  it('is checked against the listing as it is written: a submission committed meanwhile makes it a 409', async () => {
    const owner = await createOwner(api, { credits: 200 });
    const id = await createCompleteDraft(api, owner.token);
    // Another transaction holds the listing's row: the edit reads it, then its write waits.
    const outcome = api.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from inquiries where id = ${id} for update`);
      const edit = api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { project_name: 'Écrit trop tard' } });
      for (let tries = 0; tries < 200; tries += 1) {
        const { rows } = await api.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The listing is submitted while the edit waits: once it may go on, it is no longer a draft.
      await tx.update(inquiries).set({ status: 'PENDING_VALIDATION', updatedAt: new Date() }).where(eq(inquiries.id, id));
      // Wrapped: returning the promise itself would hold the commit until the edit ends.
      return { edit };
    });
    const edit = await (await outcome).edit;
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe(messages.notEditable);
    const after = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(after.body.status).toBe('PENDING_VALIDATION');
    expect(after.body.projectName).not.toBe('Écrit trop tard');
  });
});

describe('credits at submission and validation', () => {
  it('refuses a submission the balance does not cover, and changes nothing', async () => {
    const owner = await createOwner(api, { credits: 50 });
    const id = await createCompleteDraft(api, owner.token, { quantity: 5.01 });
    const short = await submit(owner.token, id, { project_name: 'Nouveau nom' });
    expect(short.status).toBe(409);
    expect(short.body.detail).toBe('Solde de crédits insuffisant.');
    // Clients branch on the type (the console's short-balance view), never on the sentence.
    expect(short.body.type).toBe('urn:bourse-terres:problem:insufficient-balance');
    const row = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(row.body).toMatchObject({ status: 'DRAFT', projectName: 'Lotissement des Vignes' });
  });

  it('submits a draft once when the same submission races with itself', async () => {
    const owner = await createOwner(api, { credits: 50 });
    const id = await createCompleteDraft(api, owner.token, { quantity: 1 });
    const results = await Promise.all([submit(owner.token, id), submit(owner.token, id), submit(owner.token, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const audit = await api.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'inquiry.submitted')));
    expect(audit).toHaveLength(1);
    const listed = await api.request('GET', '/inquiries/', { token: owner.token });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id, status: 'PENDING_VALIDATION', cost: 50 });
  });

  it('never overdraws under racing validations, and never debits one listing twice', async () => {
    const owner = await createOwner(api, { credits: 500 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await createCompleteDraft(api, owner.token, { quantity: 4, project_name: `Parcelle ${i}` });
      expect((await submit(owner.token, id)).status).toBe(200);
      ids.push(id);
    }
    // The balance drops to 120 before the admin validates: only two listings (50 each) fit.
    await api.database.db.transaction(async (tx) => {
      const { appendLedgerLine } = await import('../../services/credits.js');
      await appendLedgerLine(tx, { organizationId: owner.organizationId, kind: 'LISTING_VALIDATION', amount: -380, reference: `test:drain:${owner.organizationId}` });
    });
    const results = await Promise.all([...ids.map((id) => setStatus(id, 'APPROVED')), setStatus(ids[0]!, 'APPROVED'), setStatus(ids[1]!, 'APPROVED')]);
    const ok = results.filter((r) => r.status === 200);
    const conflicts = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(2);
    expect(conflicts).toHaveLength(5);
    expect(conflicts.some((r) => r.body.detail === 'Solde de crédits insuffisant.')).toBe(true);
    expect(await balanceOf(owner.organizationId)).toEqual({ balance: 20, ledgerSum: 20 });
    const debits = await api.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.organizationId, owner.organizationId), eq(creditLedger.kind, 'LISTING_VALIDATION')));
    expect(debits.filter((d) => d.inquiryId !== null)).toHaveLength(2);
    const statuses = await api.database.db.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.organizationId, owner.organizationId));
    expect(statuses.filter((s) => s.status === 'APPROVED')).toHaveLength(2);
    expect(statuses.filter((s) => s.status === 'PENDING_VALIDATION')).toHaveLength(3);
  });

  it('takes 50 parallel validations on one balance: exactly what it covers, 0 overdraft (bench:races)', async () => {
    const owner = await createOwner(api, { credits: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const draft = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: `Course ${i}` } });
      expect(draft.status).toBe(201);
      ids.push(draft.body.id);
    }
    // In the queue as a submission leaves them (the wizard's rules are not what races here): 50 credits each.
    await api.database.db.update(inquiries).set({ status: 'PENDING_VALIDATION' }).where(eq(inquiries.organizationId, owner.organizationId));
    const results = await Promise.all(ids.map((id) => setStatus(id, 'APPROVED')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(30);
    expect(new Set(refused.map((r) => r.body.detail))).toEqual(new Set(['Solde de crédits insuffisant.']));
    expect(new Set(refused.map((r) => r.body.type))).toEqual(new Set(['urn:bourse-terres:problem:insufficient-balance']));
    expect(await balanceOf(owner.organizationId)).toEqual({ balance: 0, ledgerSum: 0 });
    const debits = await api.database.db
      .select({ amount: creditLedger.amount, inquiryId: creditLedger.inquiryId })
      .from(creditLedger)
      .where(and(eq(creditLedger.organizationId, owner.organizationId), eq(creditLedger.kind, 'LISTING_VALIDATION')));
    expect(debits).toHaveLength(20);
    expect(debits.every((d) => d.amount === -50)).toBe(true);
    expect(new Set(debits.map((d) => d.inquiryId)).size).toBe(20);
  });
});

describe('bad input', () => {
  let owner: OwnerFixture;
  let id: string;

  beforeAll(async () => {
    owner = await createOwner(api);
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'FILL', project_name: 'Remblai de la gravière' } });
    id = created.body.id;
  });

  it('needs a project name and a known type to create', async () => {
    const noName = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT' } });
    expect(noName.status).toBe(422);
    expectResponseMatches('POST', '/inquiries', 422, noName.body);
    expect(noName.body.detail).toBe('Project name is required');
    const badType = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'DIG', project_name: 'X' } });
    expect(badType.status).toBe(422);
    expect(badType.body.errors.type).toBeTruthy();
    const notDraft = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'X', status: 'APPROVED' } });
    expect(notDraft.status).toBe(422);
    const sealed = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'X', cost: 0, organization_id: owner.organizationId } });
    expect(sealed.status).toBe(422);
    expectResponseMatches('POST', '/inquiries', 422, sealed.body);
    expect(sealed.body.errors).toEqual({ cost: 'Ce champ ne peut pas être modifié.', organization_id: 'Ce champ ne peut pas être modifié.' });
    const badField = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'X', quantity: 0 } });
    expect(badField.status).toBe(422);
    expect(badField.body).toMatchObject({ detail: 'La surface doit être supérieure à 0.', errors: { quantity: 'La surface doit être supérieure à 0.' } });
    const listed = await api.request('GET', '/inquiries', { token: owner.token });
    expect(listed.body.map((i: { projectName: string }) => i.projectName)).toEqual(['Remblai de la gravière']);
  });

  it('refuses each bad field with its French message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ project_owner_postcode: '00000' }, 'project_owner_postcode', 'Veuillez entrer un code postal valide (5 chiffres).'],
      [{ project_owner_siret: '73282932000075' }, 'project_owner_siret', 'Le numéro SIRET est invalide.'],
      [{ quantity: 0 }, 'quantity', 'La surface doit être supérieure à 0.'],
      [{ quantity: 1001 }, 'quantity', 'La surface ne doit pas dépasser 1000 ha.'],
      [{ site_latitude: 91 }, 'site_latitude', 'Les coordonnées du site sont invalides.'],
      [{ parcel_numbers: ['ABC'] }, 'parcel_numbers.0', 'Identifiant de parcelle invalide (14 caractères alphanumériques).'],
      [{ start_date: dayFromToday(-1) }, 'start_date', "La date ne peut pas être antérieure à aujourd'hui."],
      [{ materials: [{ material_name: 'Béton', ground_composition: 'x', quantity: 1, price: 1 }] }, 'materials.0.material_name', 'Veuillez choisir un matériau.'],
      [{ project_name: '' }, 'project_name', 'Project name is required'],
      [{ project_name: 'x'.repeat(TEXT_MAX_LENGTH + 1) }, 'project_name', 'Ce champ ne doit pas dépasser 200 caractères.'],
      [{ project_name: 42 }, 'project_name', 'Project name is required'],
      [{ project_owner_first_name: 'x'.repeat(NAME_MAX_LENGTH + 1) }, 'project_owner_first_name', maxLengthMessage(NAME_MAX_LENGTH)],
      [{ project_owner_last_name: 'x'.repeat(1001) }, 'project_owner_last_name', maxLengthMessage(1000)],
      [{ project_owner_street: 'x'.repeat(301) }, 'project_owner_street', maxLengthMessage(300)],
      [{ project_owner_siret: '1234' }, 'project_owner_siret', 'Le numéro SIRET doit contenir exactement 14 chiffres.'],
      [{ project_owner_postcode: '6800' }, 'project_owner_postcode', 'Veuillez entrer un code postal valide (5 chiffres).'],
      [{ site_address: 'x'.repeat(301) }, 'site_address', maxLengthMessage(300)],
      [{ site_longitude: 181 }, 'site_longitude', messages.siteCoordinates],
      [{ site_longitude: 'est' }, 'site_longitude', messages.siteCoordinates],
      [{ parcel_numbers: '68066000AB0012' }, 'parcel_numbers', messages.parcelsRequired],
      [{ quantity: 'beaucoup' }, 'quantity', messages.surfacePositive],
      [{ quantity: -2 }, 'quantity', messages.surfacePositive],
      [{ materials: 'sable' }, 'materials', messages.compositionRequired],
      [{ materials: [{ material_name: 'Sable et gravier', ground_composition: 'Granit', quantity: 1, price: 1 }] }, 'materials.0.ground_composition', messages.qualityRequired],
      [{ materials: [{ material_name: 'Sable et gravier', ground_composition: 'Alluvions du Rhin blanc/gris', quantity: 0, price: 1 }] }, 'materials.0.quantity', messages.quantityPositive],
      [{ materials: [{ material_name: 'Sable et gravier', ground_composition: 'Alluvions du Rhin blanc/gris', quantity: 5, price: 'gratuit' }] }, 'materials.0.price', messages.priceInvalid],
      [{ ground_type_unknown: 'oui' }, 'ground_type_unknown', messages.booleanExpected],
      [{ soil_study_delegation: 1 }, 'soil_study_delegation', messages.booleanExpected],
      [{ accept_certification: 'true' }, 'accept_certification', messages.booleanExpected],
      [{ start_date: 'demain' }, 'start_date', messages.dateInvalid],
      [{ end_date: dayFromToday(-3) }, 'end_date', "La date ne peut pas être antérieure à aujourd'hui."],
      [{ start_date: dayFromToday(20), end_date: dayFromToday(10) }, 'end_date', messages.endBeforeStart],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { ...body, project_owner_city: 'Colmar' } });
      expect(res.status, field).toBe(422);
      expectResponseMatches('PUT', '/inquiries/{id}', 422, res.body);
      expect(res.body.errors[field], field).toBe(message);
      expect(res.body.detail, field).toBe(message);
    }
    // The end date is checked against the start date already stored, too.
    expect((await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { start_date: dayFromToday(40) } })).status).toBe(200);
    const early = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { end_date: dayFromToday(39), project_owner_city: 'Colmar' } });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ detail: messages.endBeforeStart, errors: { end_date: messages.endBeforeStart } });
    expect((await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { start_date: null } })).status).toBe(200);
    const sealed = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { type: 'CUT', organization_id: 'x' } });
    expect(sealed.status).toBe(422);
    expect(sealed.body.errors).toEqual({ type: 'Ce champ ne peut pas être modifié.', organization_id: 'Ce champ ne peut pas être modifié.' });
    const row = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(row.body).toMatchObject({ projectOwnerCity: null, type: 'FILL', quantity: null });
  });

  it('deletes drafts only', async () => {
    const draft = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'À supprimer' } });
    const deleted = await api.request('DELETE', `/inquiries/${draft.body.id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expectResponseMatches('DELETE', '/inquiries/{id}', 204, deleted.body);
    const gone = await api.request('GET', `/inquiries/${draft.body.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Erreur : annonce introuvable.');
    const rich = await createOwner(api, { credits: 100 });
    const listing = await createCompleteDraft(api, rich.token, { quantity: 1 });
    await submit(rich.token, listing);
    const refused = await api.request('DELETE', `/inquiries/${listing}`, { token: rich.token });
    expect(refused.status).toBe(409);
    expectResponseMatches('DELETE', '/inquiries/{id}', 409, refused.body);
  });

  it('refuses unknown statuses and moves the machine does not allow', async () => {
    expect((await setStatus(id, 'PAID')).status).toBe(422);
    const skip = await setStatus(id, 'APPROVED');
    expect(skip.status).toBe(409);
    expect(skip.body.detail).toBeTruthy();
    const byOwner = await api.request('PUT', `/inquiries/${id}/status`, { token: owner.token, body: { status: 'APPROVED' } });
    expect(byOwner.status).toBe(403);
    expectResponseMatches('PUT', '/inquiries/{id}/status', 403, byOwner.body);
  });
});

describe('every move the machine does not allow', () => {
  it('is a 409 with the domain’s French detail at each status, and changes nothing', async () => {
    const owner = await createOwner(api, { credits: 100 });
    const id = await createCompleteDraft(api, owner.token, { quantity: 2 });
    const auditCount = async () => (await api.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).length;

    async function refuseAllBut(current: InquiryStatus, allowed: InquiryStatus[]) {
      const before = await auditCount();
      for (const target of INQUIRY_STATUSES.filter((s) => !allowed.includes(s))) {
        const res = await setStatus(id, target, 'Motif quelconque');
        expect(res.status, `${current} -> ${target}`).toBe(409);
        expectResponseMatches('PUT', '/inquiries/{id}/status', 409, res.body);
        expect(res.body.detail, `${current} -> ${target}`).toBe(transitionError(current, target, 'ADMIN'));
        expect(res.body.type, `${current} -> ${target}`).toBe('urn:bourse-terres:problem:status-transition');
      }
      const row = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
      expect(row.body.status).toBe(current);
      expect(await auditCount()).toBe(before);
      expect((await balanceOf(owner.organizationId)).balance).toBe(current === 'DRAFT' || current === 'PENDING_VALIDATION' || current === 'REJECTED' ? 100 : 50);
    }

    await refuseAllBut('DRAFT', []);
    expect((await submit(owner.token, id)).status).toBe(200);
    await refuseAllBut('PENDING_VALIDATION', ['APPROVED', 'REJECTED']);
    // The advertiser can neither edit nor resubmit a listing under review.
    const again = await submit(owner.token, id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Seules les annonces en brouillon ou refusées peuvent être modifiées.');
    expect(again.body.type).toBe('urn:bourse-terres:problem:not-editable');
    expect((await setStatus(id, 'REJECTED', 'Surface incohérente avec les parcelles.')).status).toBe(200);
    await refuseAllBut('REJECTED', []);
    expect((await submit(owner.token, id)).status).toBe(200);
    expect((await setStatus(id, 'APPROVED')).status).toBe(200);
    const chain: InquiryStatus[] = ['APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'];
    for (const [index, current] of chain.entries()) {
      const next = chain[index + 1];
      await refuseAllBut(current, next ? [next] : []);
      const edit = await api.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { project_name: 'Modifiée' } });
      expect(edit.status, current).toBe(409);
      const removal = await api.request('DELETE', `/inquiries/${id}`, { token: owner.token });
      expect(removal.status, current).toBe(409);
      if (next) expect((await setStatus(id, next)).status).toBe(200);
    }
    const final = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(final.body).toMatchObject({ status: 'PROCESSED', projectName: 'Lotissement des Vignes' });
    expect(await balanceOf(owner.organizationId)).toEqual({ balance: 50, ledgerSum: 50 });
  });
});

describe('isolation', () => {
  it('shows a listing to its organisation and admins only', async () => {
    const owner = await createOwner(api, { name: 'Propriétaire' });
    const employee = await createEmployee(api, owner);
    const other = await createOwner(api, { name: 'Concurrent' });
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Secret' } });
    const id = created.body.id as string;

    const mine = await api.request('GET', '/inquiries', { token: employee.token });
    expect(mine.status).toBe(200);
    expectResponseMatches('GET', '/inquiries', 200, mine.body);
    expect(mine.body.map((i: { id: string }) => i.id)).toContain(id);
    const theirs = await api.request('GET', '/inquiries', { token: other.token });
    expect(theirs.body.map((i: { id: string }) => i.id)).not.toContain(id);
    // Admins see another organisation's draft only when they ask for drafts (CONTRACT §11).
    const all = await api.request('GET', '/inquiries', { token: admin });
    expect(all.body.map((i: { id: string }) => i.id)).not.toContain(id);
    const drafts = await api.request('GET', '/inquiries?status=DRAFT', { token: admin });
    expect(drafts.body.map((i: { id: string }) => i.id)).toContain(id);

    const read = await api.request('GET', `/inquiries/${id}`, { token: employee.token });
    expect(read.status).toBe(200);
    expectResponseMatches('GET', '/inquiries/{id}', 200, read.body);
    for (const [method, path, body] of [
      ['GET', `/inquiries/${id}`, undefined],
      ['PUT', `/inquiries/${id}`, { project_name: 'Piraté' }],
      ['DELETE', `/inquiries/${id}`, undefined],
      ['GET', `/inquiries/${id}/pdf`, undefined],
      ['GET', `/inquiries/${id}/documents`, undefined],
      ['PUT', `/inquiries/${id}/status`, { status: 'PENDING_VALIDATION' }],
      ['PUT', `/inquiries/${id}/status`, { status: 'APPROVED' }],
    ] as const) {
      const res = await api.request(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const notFound = await api.request('GET', `/inquiries/${id}`, { token: other.token });
    expectResponseMatches('GET', '/inquiries/{id}', 404, notFound.body);
    const ownStatus = await api.request('PUT', `/inquiries/${id}/status`, { token: employee.token, body: { status: 'APPROVED' } });
    expect(ownStatus.status).toBe(403);
    expect((await api.request('PUT', `/inquiries/${crypto.randomUUID()}/status`, { token: admin, body: { status: 'APPROVED' } })).status).toBe(404);
    expect((await api.request('GET', `/inquiries/${id}`, { token: admin })).status).toBe(200);
    expect((await api.request('PUT', `/inquiries/${id}`, { token: admin, body: { project_name: 'x' } })).status).toBe(403);
    expect((await api.request('POST', '/inquiries', { token: admin, body: { type: 'CUT', project_name: 'x' } })).status).toBe(403);
    const unchanged = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(unchanged.body.projectName).toBe('Secret');
  });
});

describe('the listing PDF', () => {
  it('is a real PDF named after the project, for the organisation and admins', async () => {
    const owner = await createOwner(api);
    const id = await createCompleteDraft(api, owner.token);
    for (const token of [owner.token, admin]) {
      const response = await fetch(`${api.url}/api/v1/inquiries/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="annonce-lotissement-des-vignes.pdf"');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.subarray(-6).toString()).toContain('%%EOF');
      expect(bytes.length).toBeGreaterThan(2000);
      const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(pages.length).toBeLessThanOrEqual(2);
      const text = pdfText(bytes).replace(/\s+/g, ' ');
      for (const expected of [
        'Lotissement des Vignes',
        'Julien Keller',
        '3 rue de la Gare, 68000 Colmar',
        'Route de Neuf-Brisach, 68000 Colmar',
        '68 0660 00AB 0012',
        '68 0660 00AB 0013',
        'Sable et gravier',
        'Brouillon',
        '80 crédits',
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
  });

  it('lists every material with its line total and the validated status', async () => {
    const owner = await createOwner(api, { credits: 300 });
    const id = await createCompleteDraft(api, owner.token, {
      project_name: 'Écoquartier du Heyritz',
      quantity: 12,
      materials: [
        { material_name: 'Sable et gravier', ground_composition: 'Alluvions du Rhin blanc/gris', quantity: 1200, price: 10, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' },
        { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 300, price: 8, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' },
      ],
    });
    expect((await submit(owner.token, id)).status).toBe(200);
    expect((await setStatus(id, 'APPROVED')).status).toBe(200);
    const response = await fetch(`${api.url}/api/v1/inquiries/${id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="annonce-ecoquartier-du-heyritz.pdf"');
    const text = pdfText(Buffer.from(await response.arrayBuffer())).replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain('Écoquartier du Heyritz');
    expect(text).toContain('Validée');
    expect(text).toContain('12 000,00 €');
    expect(text).toContain('2 400,00 €');
    expect(text).toContain('14 400,00 €');
    expect(text).toContain('110 crédits');
  });
});

describe('credits top-up keeps submissions possible', () => {
  it('lets a listing refused for lack of credit be submitted once credited', async () => {
    const owner = await createOwner(api, { credits: 10 });
    const id = await createCompleteDraft(api, owner.token, { quantity: 2 });
    expect((await submit(owner.token, id)).status).toBe(409);
    await grantCredits(api, owner.organizationId, 40);
    expect((await submit(owner.token, id)).status).toBe(200);
  });
});
