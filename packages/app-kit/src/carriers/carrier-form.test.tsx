import { createCarrier, updateCarrier, type Carrier } from '@terres/api-client';
import { transferMessages as m } from '@terres/domain';
import { ToastProvider } from '@terres/ui/toast';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TEST_API as API, setupApiServer } from '../../test/api-server';
import { problemResponse } from '../testing/http';
import { CarrierForm, carrierIdentityText, carrierReceiptText, type CarrierFormProps } from './carrier-form';

const server = setupApiServer();

const stored: Carrier = {
  id: 'c0000000-0000-4000-8000-000000000001',
  organizationId: 'o0000000-0000-4000-8000-000000000001',
  countryCode: 'FR',
  siret: '55208131766522',
  identifier: null,
  name: 'Bennes du Sundgau',
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
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

function renderForm(props: Partial<CarrierFormProps> = {}) {
  const onDone = vi.fn();
  const posts: { body: unknown; key: string | null }[] = [];
  const puts: { id: string; body: unknown }[] = [];
  server.use(
    http.post(`${API}/organizations/:id/carriers`, async ({ request }) => {
      posts.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.put(`${API}/carriers/:id`, async ({ request, params }) => {
      puts.push({ id: String(params.id), body: await request.json() });
      return HttpResponse.json(stored);
    }),
  );
  render(
    <ToastProvider>
      <CarrierForm
        onSave={({ carrierId, body, idempotencyKey }) =>
          carrierId ? updateCarrier(carrierId, body) : createCarrier(stored.organizationId, body, { headers: { 'Idempotency-Key': idempotencyKey } })
        }
        onDone={onDone}
        {...props}
      />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), onDone, posts, puts };
}

describe('CarrierForm', () => {
  it('shows every message of the domain’s rules at the first save, then sends a foreign carrier once', async () => {
    const { user, onDone, posts } = renderForm();
    const form = screen.getByRole('form', { name: 'Nouveau transporteur' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.carrierNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(m.carrierSiretRequired)).toBeInTheDocument();
    expect(within(form).getByText(m.carrierReceiptOrExemption)).toBeInTheDocument();
    expect(posts).toEqual([]);

    // A Belgian carrier: its VAT number instead of a SIRET, no exemption offered.
    await user.clear(within(form).getByLabelText(/^Pays/));
    await user.type(within(form).getByLabelText(/^Pays/), 'BE');
    expect(within(form).queryByLabelText(/^SIRET/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Exemption de récépissé/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Numéro d’identification/), 'be 0202.239.951');
    await user.type(within(form).getByLabelText(/^Raison sociale/), 'Transports Liégeois');
    await user.type(within(form).getByLabelText(/^Adresse/), '1 quai de la Batte');
    await user.type(within(form).getByLabelText(/^Code postal/), '4000');
    await user.type(within(form).getByLabelText(/^Commune/), 'Liège');
    await user.selectOptions(within(form).getByLabelText(/^Mode de transport/), 'RIVER');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Transporteur enregistré.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ country_code: 'BE', identifier: 'BE0202239951', siret: null, transport_mode: 'RIVER', exemption: null });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('edits a stored carrier and shows a 422’s reasons on their fields, keeping what was typed', async () => {
    const { user, onDone, puts } = renderForm({ carrier: stored });
    const form = screen.getByRole('form', { name: 'Modifier le transporteur' });
    expect(within(form).getByLabelText(/^Numéro du récépissé/)).toHaveValue('2024-TR-118');
    server.use(http.put(`${API}/carriers/:id`, () => problemResponse(422, 'Données invalides.', { receipt_number: 'Ce récépissé est déjà enregistré.' })));
    await user.clear(within(form).getByLabelText(/^Numéro du récépissé/));
    await user.type(within(form).getByLabelText(/^Numéro du récépissé/), '2025-TR-001');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Ce récépissé est déjà enregistré.')).toBeInTheDocument();
    expect(screen.queryByText('Le transporteur n’a pas été enregistré.')).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Numéro du récépissé/)).toHaveValue('2025-TR-001');
    expect(onDone).not.toHaveBeenCalled();
    expect(puts).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says a carrier’s receipt or exemption and who it is on one line', () => {
    expect(carrierReceiptText(stored)).toBe('Récépissé n° 2024-TR-118 (68), valable jusqu’au 31/12/2030');
    expect(carrierReceiptText({ ...stored, receiptNumber: null, receiptDepartment: null, receiptValidUntil: null, exemption: 'OWN_WASTE' })).toBe(
      'Exempté : Entreprise qui transporte les déchets qu’elle produit (installation classée)',
    );
    expect(carrierIdentityText(stored)).toBe('55208131766522 · 68130 Altkirch · Route');
  });
});
