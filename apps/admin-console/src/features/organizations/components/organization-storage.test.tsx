import type { OrganizationStorage } from '@terres/api-client';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, organization } from '../../../../test/fixtures';
import { problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const MIB = 1024 * 1024;
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function mockStorage(answer: OrganizationStorage | 'fails') {
  server.use(
    http.get(`*/organizations/${organization.id}`, () => HttpResponse.json(organization)),
    http.get(`*/organizations/${organization.id}/storage`, () =>
      answer === 'fails' ? problem(500, 'Panne du stockage.') : HttpResponse.json(answer),
    ),
  );
}

async function storageCard() {
  renderApp(`/admin/organizations/details/${organization.id}`, { user: admin });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Stockage des documents' });
  return heading.closest('section')!;
}

describe('organisation detail: storage use (issue 20)', () => {
  it('shows what its uploads take against the quota, and how many documents', async () => {
    mockStorage({ usedBytes: 12.5 * MIB, quotaBytes: 500 * MIB, documentCount: 3 });
    const card = await storageCard();
    const figures = await within(card).findByText((_, element) => element?.tagName === 'P' && plain(element.textContent).startsWith('12,5 Mo'));
    expect(plain(figures.textContent)).toBe('12,5 Mo utilisés sur 500 Mo (2 %)');
    expect(within(card).getByRole('meter', { name: 'Espace utilisé' })).toHaveAttribute('value', '2');
    expect(within(card).getByText('3 documents déposés par l’organisation')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the quota is reached', async () => {
    mockStorage({ usedBytes: 500 * MIB, quotaBytes: 500 * MIB, documentCount: 1 });
    const card = await storageCard();
    expect(await within(card).findByRole('status')).toHaveTextContent('Quota atteint : l’organisation ne peut plus déposer de documents.');
    expect(within(card).getByText('1 document déposé par l’organisation')).toBeInTheDocument();
    expect(within(card).getByRole('meter', { name: 'Espace utilisé' })).toHaveAttribute('value', '100');
  });

  it('says the storage could not load', async () => {
    mockStorage('fails');
    const card = await storageCard();
    expect(await within(card).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Panne du stockage.');
  });
});
