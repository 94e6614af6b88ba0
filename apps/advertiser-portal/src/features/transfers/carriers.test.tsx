import { transferMessages as m } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { getListCarriersPageMockHandler } from '@terres/api-client/mocks';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { expired, kuntz, makeTransfer, serveTransfer } from './test-utils';

describe('/user/account/carriers', () => {
  it('lists the carriers with their receipt and why one cannot be chosen; employees read only', async () => {
    serveTransfer(makeTransfer());
    renderApp('/user/account/carriers', { user: employee });
    const list = await screen.findByRole('list', { name: 'Vos transporteurs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list).toHaveTextContent('Récépissé n° 2024-TR-118 (68), valable jusqu’au 31/12/2030');
    expect(list).toHaveTextContent(expired.unusableReason!);
    expect(screen.queryByRole('button', { name: 'Ajouter un transporteur' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Modifier/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Seul le responsable de l’organisation/)).toBeInTheDocument();
  });

  it("reads the carriers a page at a time, 'Voir plus' for the next (issue 23)", async () => {
    serveTransfer(makeTransfer());
    const many = Array.from({ length: 30 }, (_, index) => ({ ...kuntz, id: `c0000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name: `Transports ${String(index + 1).padStart(2, '0')}` }));
    const asked: string[] = [];
    server.use(
      http.get('*/organizations/:id/carriers', ({ request }) => {
        asked.push(new URL(request.url).search);
      }),
      getListCarriersPageMockHandler(many),
    );
    const app = renderApp('/user/account/carriers', { user: employee });
    const list = await screen.findByRole('list', { name: 'Vos transporteurs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('25 sur 30')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Transports 30');
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1&page_size=25', '?page=2&page_size=25']);
  });

  it('lets the owner add a carrier, checked by the domain’s rules first', async () => {
    serveTransfer(makeTransfer(), { carriers: [kuntz] });
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/organizations/:id/carriers', async ({ request }) => {
        bodies.push({ ...((await request.json()) as Record<string, unknown>), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(kuntz, { status: 201 });
      }),
    );
    const app = renderApp('/user/account/carriers', { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Ajouter un transporteur' }));
    const form = screen.getByRole('form', { name: 'Nouveau transporteur' });
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.carrierNameRequired)).toBeInTheDocument();
    // The rules between fields (a French carrier needs its SIRET) in the same round.
    expect(within(form).getByText(m.carrierSiretRequired)).toBeInTheDocument();
    expect(within(form).getByText(m.carrierReceiptOrExemption)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await app.user.type(within(form).getByLabelText(/^Raison sociale/), 'Bennes du Sundgau');
    await app.user.type(within(form).getByLabelText(/^Adresse/), '4 rue de Bâle');
    await app.user.type(within(form).getByLabelText(/^Code postal/), '68130');
    await app.user.type(within(form).getByLabelText(/^Commune/), 'Altkirch');
    await app.user.selectOptions(within(form).getByLabelText(/^Exemption de récépissé/), 'CLEAN_SOIL_AND_RUBBLE');
    expect(within(form).queryByLabelText(/^Numéro du récépissé/)).not.toBeInTheDocument();
    expect(within(form).queryByText(m.carrierReceiptOrExemption)).not.toBeInTheDocument();
    // The SIRET is still missing.
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.carrierSiretRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await app.user.type(within(form).getByLabelText(/^SIRET/), '552 081 317 66522');
    await app.user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ country_code: 'FR', siret: '55208131766522', name: 'Bennes du Sundgau', exemption: 'CLEAN_SOIL_AND_RUBBLE', receipt_number: null });
    expect(bodies[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Transporteur enregistré.')).toBeInTheDocument();
  });
});
