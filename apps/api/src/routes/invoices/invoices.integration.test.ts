import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createEmployee, createOwner, pdfText, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { fetchBytes, packsOf, payWithSimulator } from '../../../test/helpers/payments.js';
import { registerOwner, startApiForTest, type TestApi } from '../../../test/helpers/session.js';

const SELLER = {
  SELLER_NAME: 'Bourse aux terres SAS',
  SELLER_ADDRESS: '12 rue des Carrières, 68000 Colmar',
  SELLER_SIRET: '12345678900017',
  SELLER_VAT_NUMBER: 'FR40123456789',
};

let api: TestApi;
let owner: OwnerFixture;
let other: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest(SELLER);
  owner = await createOwner(api, { name: 'Terrassements du Ried' });
  other = await createOwner(api, { name: 'Remblais de la Hardt' });
  const [small, recommended] = await packsOf(api, owner.token);
  await payWithSimulator(api, small!.link);
  await payWithSimulator(api, recommended!.link);
  const [otherPack] = await packsOf(api, other.token);
  await payWithSimulator(api, otherPack!.link);
});

afterAll(async () => {
  await api?.close();
});

function pdfUrl(id: string): string {
  return `${api.url}/api/v1/invoices/${id}/pdf`;
}

describe('GET /invoices', () => {
  it("lists the owner's organisation's invoices, newest first", async () => {
    const res = await api.request('GET', '/invoices', { token: owner.token });
    expect(res.status).toBe(200);
    expectResponseMatches('GET', '/invoices', 200, res.body);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((i: { credits: number }) => i.credits)).toEqual([300, 100]);
    expect(res.body[0]).toMatchObject({ organizationId: owner.organizationId, amountExclTax: 2400, vatRate: 0.2, vatAmount: 480, amountInclTax: 2880 });
    expect(res.body[1]).toMatchObject({ amountExclTax: 900, vatAmount: 180, amountInclTax: 1080 });
    for (const invoice of res.body) expect(invoice.number).toMatch(/^FA-\d{4}-\d{6}$/);
    const [newer, older] = res.body as { number: string }[];
    expect(Number(newer!.number.slice(-6))).toBeGreaterThan(Number(older!.number.slice(-6)));
  });

  it('lists every organisation for an admin', async () => {
    const res = await api.request('GET', '/invoices/', { token: await adminToken(api) });
    expect(res.status).toBe(200);
    expectResponseMatches('GET', '/invoices', 200, res.body);
    const organizations = new Set(res.body.map((i: { organizationId: string }) => i.organizationId));
    expect(organizations.has(owner.organizationId)).toBe(true);
    expect(organizations.has(other.organizationId)).toBe(true);
  });

  it("lets employees read their organisation's invoices and PDFs, never another's (CONTRACT §11)", async () => {
    const employee = await createEmployee(api, owner);
    const asEmployee = await api.request('GET', '/invoices', { token: employee.token });
    expect(asEmployee.status).toBe(200);
    expectResponseMatches('GET', '/invoices', 200, asEmployee.body);
    const ownerList = (await api.request('GET', '/invoices', { token: owner.token })).body as { id: string }[];
    expect(asEmployee.body).toEqual(ownerList);
    const pdf = await fetchBytes(pdfUrl(ownerList[0]!.id), employee.token);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain('Terrassements du Ried');

    const otherEmployee = await createEmployee(api, other);
    const theirs = await api.request('GET', '/invoices', { token: otherEmployee.token });
    expect(theirs.body.map((i: { organizationId: string }) => i.organizationId)).toEqual([other.organizationId]);
    const foreign = await api.request('GET', `/invoices/${ownerList[0]!.id}/pdf`, { token: otherEmployee.token });
    expect(foreign.status).toBe(404);
    expectResponseMatches('GET', '/invoices/{id}/pdf', 404, foreign.body);
  });

  it('is refused to anonymous callers and to an owner without organisation', async () => {
    const anonymous = await api.request('GET', '/invoices');
    expect(anonymous.status).toBe(401);
    expectResponseMatches('GET', '/invoices', 401, anonymous.body);
    const newcomer = await registerOwner(api);
    const none = await api.request('GET', '/invoices', { token: newcomer.accessToken });
    expect(none.status).toBe(403);
    expectResponseMatches('GET', '/invoices', 403, none.body);
  });
});

describe('GET /invoices/{id}/pdf', () => {
  it('is a real PDF with the number and the mentions of a French B2B invoice', async () => {
    const [invoice] = (await api.request('GET', '/invoices', { token: owner.token })).body as { id: string; number: string }[];
    const res = await fetchBytes(pdfUrl(invoice!.id), owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="facture-${invoice!.number}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

    const text = pdfText(res.bytes).replace(/\s+/g, ' ');
    for (const expected of [
      `Facture n° ${invoice!.number}`,
      "Date d'émission",
      // Seller (config.seller)
      SELLER.SELLER_NAME,
      SELLER.SELLER_ADDRESS,
      SELLER.SELLER_SIRET,
      'N° TVA intracommunautaire',
      SELLER.SELLER_VAT_NUMBER,
      // Buyer
      'Terrassements du Ried (SAS)',
      '12 rue du Rhône',
      '68100 Mulhouse',
      `SIRET : ${owner.siret}`,
      // Lines and totals
      'Pack de 300 crédits Bourse aux terres',
      'Total HT',
      '2 400,00 €',
      'TVA 20 %',
      '480,00 €',
      'Total TTC',
      '2 880,00 €',
      'Payée le ',
      'indemnité forfaitaire pour frais de recouvrement de 40 €',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('serves any invoice to an admin', async () => {
    const [invoice] = (await api.request('GET', '/invoices', { token: other.token })).body as { id: string }[];
    const res = await fetchBytes(pdfUrl(invoice!.id), await adminToken(api));
    expect(res.status).toBe(200);
    expect(pdfText(res.bytes)).toContain('Remblais de la Hardt');
  });

  it("answers 404 for another organisation's invoice, an unknown id or a malformed one", async () => {
    const [foreign] = (await api.request('GET', '/invoices', { token: other.token })).body as { id: string }[];
    for (const id of [foreign!.id, '00000000-0000-4000-8000-000000000000', 'pas-un-uuid']) {
      const res = await api.request('GET', `/invoices/${id}/pdf`, { token: owner.token });
      expect(res.status).toBe(404);
      expectResponseMatches('GET', '/invoices/{id}/pdf', 404, res.body);
      expect(res.body.detail).toBe('Facture introuvable.');
    }
    const list = await api.request('GET', '/invoices', { token: owner.token });
    expect(list.body.some((i: { id: string }) => i.id === foreign!.id)).toBe(false);
  });
});
