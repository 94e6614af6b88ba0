import type { Carrier } from '@terres/api-client';
import { transferMessages as m } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { slicePage } from '@terres/api-client/mocks';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, organization } from '../../../../test/fixtures';
import { problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const base: Omit<Carrier, 'id' | 'name'> = {
  organizationId: organization.id,
  countryCode: 'FR',
  siret: '55208131766522',
  identifier: null,
  street: '4 rue de Bâle',
  postcode: '68130',
  city: 'Altkirch',
  transportMode: 'ROAD',
  receiptNumber: '2024-TR-118',
  receiptDepartment: '68',
  receiptValidUntil: '2030-12-31',
  exemption: null,
  archived: false,
  archivedAt: null,
  usable: true,
  unusableReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const sundgau: Carrier = { ...base, id: 'ca000000-0000-4000-8000-000000000001', name: 'Bennes du Sundgau' };
const expired: Carrier = {
  ...base,
  id: 'ca000000-0000-4000-8000-000000000002',
  name: 'Transports Expirés',
  siret: '73282932000074',
  receiptValidUntil: '2026-10-31',
  usable: false,
  unusableReason: 'Le récépissé de « Transports Expirés » a expiré le 31/10/2026 : ce transporteur ne peut pas être choisi.',
};
const former: Carrier = { ...base, id: 'ca000000-0000-4000-8000-000000000003', name: 'Ancien Transporteur', siret: '44306184100047', archived: true, archivedAt: '2026-11-02T00:00:00.000Z', usable: false, unusableReason: 'Le transporteur « Ancien Transporteur » est archivé.' };

/** The organisation's page and its carriers; what the console sends. */
function serve(start: Carrier[] = [sundgau, expired, former], org = organization) {
  let carriers = [...start];
  const calls = { lists: [] as URLSearchParams[], posts: [] as { body: Record<string, unknown>; key: string | null }[], puts: [] as { id: string; body: Record<string, unknown> }[], archives: [] as string[] };
  server.use(
    http.get(`*/organizations/${org.id}`, () => HttpResponse.json(org)),
    http.get(`*/organizations/${org.id}/credit-transactions`, () => HttpResponse.json([])),
    http.get(`*/organizations/${org.id}/members`, () => HttpResponse.json([])),
    http.get('*/inquiries', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get(`*/organizations/${org.id}/carriers`, ({ request }) => {
      const url = new URL(request.url);
      calls.lists.push(url.searchParams);
      // Pages of the list in the API's order (active by name, then the archived ones).
      const page = slicePage(carriers, url);
      return HttpResponse.json(page.items, { headers: { 'X-Total-Count': String(page.total) } });
    }),
    http.post(`*/organizations/${org.id}/carriers`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.posts.push({ body, key: request.headers.get('Idempotency-Key') });
      const created: Carrier = { ...base, id: 'ca000000-0000-4000-8000-000000000009', name: String(body.name), siret: String(body.siret), exemption: 'CLEAN_SOIL_AND_RUBBLE', receiptNumber: null, receiptDepartment: null, receiptValidUntil: null };
      carriers = [...carriers, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/carriers/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.puts.push({ id: String(params.id), body });
      carriers = carriers.map((carrier) => (carrier.id === params.id ? { ...carrier, street: String(body.street) } : carrier));
      return HttpResponse.json(carriers.find((carrier) => carrier.id === params.id));
    }),
    http.post('*/carriers/:id/archive', ({ params }) => {
      calls.archives.push(String(params.id));
      carriers = carriers.map((carrier) => (carrier.id === params.id ? { ...carrier, archived: true, usable: false, unusableReason: 'archivé' } : carrier));
      return HttpResponse.json(carriers.find((carrier) => carrier.id === params.id));
    }),
  );
  return calls;
}

async function openCarriers(org = organization) {
  const app = renderApp(`/admin/organizations/details/${org.id}`, { user: admin });
  const card = (await screen.findByRole('heading', { level: 2, name: 'Transporteurs' })).closest('section')!;
  return { app, card: card as HTMLElement };
}

describe('organisation detail: carriers', () => {
  it("reads the carriers a page at a time, 'Voir plus' for the next (issue 23)", async () => {
    const many = Array.from({ length: 27 }, (_, index): Carrier => ({ ...sundgau, id: `ca000000-0000-4000-8000-1${String(index).padStart(11, '0')}`, name: `Transports ${String(index + 1).padStart(2, '0')}` }));
    const calls = serve(many);
    const { app, card } = await openCarriers();
    const list = await within(card).findByRole('list', { name: 'Transporteurs de l’organisation' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(within(card).getByText('25 sur 27')).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(27));
    expect(within(card).queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
    expect(calls.lists.map((params) => [params.get('page'), params.get('page_size'), params.get('include_archived')])).toEqual([
      ['1', '25', 'true'],
      ['2', '25', 'true'],
    ]);
  });

  it('lists every carrier, archived ones last, with its receipt and why it cannot be chosen', async () => {
    const calls = serve();
    const { card } = await openCarriers();
    const list = await within(card).findByRole('list', { name: 'Transporteurs de l’organisation' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Bennes du Sundgau', 'Transports Expirés', 'Ancien Transporteur']);
    expect(items[0]).toHaveTextContent('55208131766522 · 68130 Altkirch · Route');
    expect(items[0]).toHaveTextContent('Récépissé n° 2024-TR-118 (68), valable jusqu’au 31/12/2030');
    expect(items[0]).toHaveTextContent('Utilisable pour un nouveau chargement');
    expect(items[1]).toHaveTextContent(`Non utilisable : ${expired.unusableReason!}`);
    expect(items[2]).toHaveTextContent('Archivé');
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Modifier Bennes du Sundgau' })).toBeInTheDocument();
    expect(calls.lists[0]!.get('include_archived')).toBe('true');
  });

  it('adds a carrier for the organisation, every rule’s message at the first save', async () => {
    const calls = serve([sundgau]);
    const { app, card } = await openCarriers();
    await app.user.click(within(card).getByRole('button', { name: 'Ajouter un transporteur' }));
    const form = within(card).getByRole('form', { name: 'Nouveau transporteur' });
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.carrierNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(m.carrierSiretRequired)).toBeInTheDocument();
    expect(calls.posts).toEqual([]);

    await app.user.type(within(form).getByLabelText(/^SIRET/), '35600000000048');
    await app.user.type(within(form).getByLabelText(/^Raison sociale/), 'Terrassements du Ried');
    await app.user.type(within(form).getByLabelText(/^Adresse/), '9 route de Colmar');
    await app.user.type(within(form).getByLabelText(/^Code postal/), '68000');
    await app.user.type(within(form).getByLabelText(/^Commune/), 'Colmar');
    await app.user.selectOptions(within(form).getByLabelText(/^Exemption de récépissé/), 'CLEAN_SOIL_AND_RUBBLE');
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Transporteur enregistré.')).toBeInTheDocument();
    expect(calls.posts).toHaveLength(1);
    expect(calls.posts[0]!.body).toMatchObject({ siret: '35600000000048', name: 'Terrassements du Ried', exemption: 'CLEAN_SOIL_AND_RUBBLE', receipt_number: null });
    expect(calls.posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const list = within(card).getByRole('list', { name: 'Transporteurs de l’organisation' });
    expect(await within(list).findByText('Terrassements du Ried', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });

  it('edits a carrier and shows the API’s 422 on its field', async () => {
    const calls = serve([sundgau]);
    const { app, card } = await openCarriers();
    await app.user.click(await within(card).findByRole('button', { name: 'Modifier Bennes du Sundgau' }));
    const form = within(card).getByRole('form', { name: 'Modifier le transporteur' });
    expect(within(form).getByLabelText(/^Raison sociale/)).toHaveValue('Bennes du Sundgau');
    server.use(http.put('*/carriers/:id', () => problem(422, 'Données invalides.', { street: 'Adresse refusée par le serveur.' })));
    await app.user.clear(within(form).getByLabelText(/^Adresse/));
    await app.user.type(within(form).getByLabelText(/^Adresse/), '5 quai du Rhin');
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Adresse refusée par le serveur.')).toBeInTheDocument();
    expect(calls.puts).toEqual([]);
  });

  it('archives a carrier after a confirmation', async () => {
    const calls = serve([sundgau]);
    const { app, card } = await openCarriers();
    await app.user.click(await within(card).findByRole('button', { name: 'Archiver Bennes du Sundgau' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archiver le transporteur Bennes du Sundgau\u00a0?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(calls.archives).toEqual([sundgau.id]));
    expect(await screen.findByText('Transporteur Bennes du Sundgau archivé.')).toBeInTheDocument();
    const list = within(card).getByRole('list', { name: 'Transporteurs de l’organisation' });
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent('Archivé'));
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads only for an archived organisation', async () => {
    const archivedOrg = { ...organization, archived: true };
    serve([sundgau], archivedOrg);
    const { card } = await openCarriers(archivedOrg);
    const list = await within(card).findByRole('list', { name: 'Transporteurs de l’organisation' });
    expect(within(list).getByText('Bennes du Sundgau', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Ajouter un transporteur' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});
