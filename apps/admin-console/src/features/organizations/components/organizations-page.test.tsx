import type { Organization } from '@terres/api-client';
import { getListOrganizationsPageMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, newcomer, organization } from '../../../../test/fixtures';
import { problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

/** Twelve organisations, the table's data set (the handler pages it like the API). */
const organisations: Organization[] = Array.from({ length: 12 }, (_, index) => ({
  ...organization,
  id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  name: `Organisation ${String(index + 1).padStart(2, '0')}`,
  email: `contact${index + 1}@exemple.fr`,
  verified: index % 2 === 0,
}));

/** Answers pages of `rows` and records each request's query. */
function listHandler(rows: Organization[] = organisations) {
  const queries: URLSearchParams[] = [];
  server.use(
    getListOrganizationsPageMockHandler(({ request }) => {
      const url = new URL(request.url);
      queries.push(url.searchParams);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 25);
      const q = url.searchParams.get('q')?.toLowerCase();
      const archived = url.searchParams.get('with_archived') === 'true';
      const verified = url.searchParams.get('verified');
      let found = rows.filter(
        (row) =>
          (archived || !row.archived) &&
          (verified === null || String(row.verified) === verified) &&
          (!q || row.name.toLowerCase().includes(q) || row.registrationNumber.includes(q)),
      );
      if (url.searchParams.get('sort') === '-name') found = [...found].reverse();
      return { items: found.slice((page - 1) * size, page * size), total: found.length };
    }),
  );
  return queries;
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Liste des organisations' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('organisations table', () => {
  it('shows name, e-mail, representative and verified, 25 rows by name, each opening the detail', async () => {
    const queries = listHandler();
    renderApp('/admin/organizations', { user: admin });
    const table = await screen.findByRole('table', { name: 'Liste des organisations' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('Nom'),
      'Email',
      'Représentant',
      'Vérifiée',
    ]);
    await waitFor(() => expect(rowNames()).toEqual(organisations.map((row) => row.name)));
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('contact1@exemple.fr')).toBeInTheDocument();
    expect(within(first).getByText('Camille Muller')).toBeInTheDocument();
    expect(within(first).getByText('Oui')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Non')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Organisation 01' })).toHaveAttribute(
      'href',
      '/admin/organizations/details/00000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('1–12 sur 12')).toBeInTheDocument();
    expect(queries[0]?.get('page')).toBe('1');
    expect(queries[0]?.get('page_size')).toBe('25');
    expect(queries[0]?.has('with_archived')).toBe(false);
    expect(queries[0]?.has('q')).toBe(false);
    await waitFor(() => expect(document.title).toBe('Organisations · Bourse aux terres'));
  });

  it('searches in the API from 2 characters, keeping the search and the page in the URL', async () => {
    const queries = listHandler();
    const app = renderApp('/admin/organizations?size=5', { user: admin });
    await screen.findByText('1–5 sur 12');
    await app.user.click(screen.getByRole('button', { name: /Page suivante/ }));
    await waitFor(() => expect(app.location().search).toEqual({ page: 2, size: 5 }));
    await waitFor(() => expect(rowNames()[0]).toBe('Organisation 06'));

    const field = screen.getByRole('searchbox', { name: 'Rechercher une organisation' });
    await app.user.type(field, '1');
    expect(queries.some((q) => q.has('q'))).toBe(false);
    await app.user.clear(field);
    await app.user.type(field, 'tion 1');
    await waitFor(() => expect(app.location().search).toEqual({ q: 'tion 1', size: 5 }));
    await waitFor(() => expect(rowNames()).toEqual(['Organisation 10', 'Organisation 11', 'Organisation 12']));
    expect(queries.at(-1)?.get('q')).toBe('tion 1');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('shows archived organisations on request, and changes the page size', async () => {
    const queries = listHandler([{ ...newcomer, name: 'AAA Archivée', archived: true }, ...organisations]);
    const app = renderApp('/admin/organizations?size=5', { user: admin });
    await screen.findByText('1–5 sur 12');
    expect(screen.queryByText('AAA Archivée')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('checkbox', { name: 'Afficher les organisations archivées' }));
    await waitFor(() => expect(app.location().search).toEqual({ archived: true, size: 5 }));
    await screen.findByText('1–5 sur 13');
    expect(queries.at(-1)?.get('with_archived')).toBe('true');
    const archivedRow = screen.getByRole('link', { name: /AAA Archivée/ }).closest('tr')!;
    expect(within(archivedRow).getByText('Archivée')).toBeInTheDocument();

    await app.user.selectOptions(screen.getByLabelText('Lignes par page'), '10');
    await waitFor(() => expect(app.location().search).toEqual({ archived: true, size: 10 }));
    await screen.findByText('1–10 sur 13');
    expect(queries.at(-1)?.get('page_size')).toBe('10');
  });

  it('opens the queue of organisations to verify (issue 21): a visible filter in the URL, removable', async () => {
    const queries = listHandler();
    const app = renderApp('/admin/organizations?verified=false', { user: admin });
    await screen.findByText('1–6 sur 6', {}, { timeout: 10_000 });
    expect(queries.at(-1)?.get('verified')).toBe('false');
    expect(rowNames()).toEqual(organisations.filter((row) => !row.verified).map((row) => row.name));
    const filter = screen.getByRole('combobox', { name: 'Vérification' });
    expect(filter).toHaveTextContent('À vérifier (non vérifiées)');

    // The other value, then the filter removed: the URL follows each time.
    await app.user.click(filter);
    await app.user.click(await screen.findByRole('option', { name: 'Vérifiées' }));
    await waitFor(() => expect(app.location().search).toEqual({ verified: true }));
    await waitFor(() => expect(queries.at(-1)?.get('verified')).toBe('true'));
    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(app.location().search).toEqual({}));
    await screen.findByText('1–12 sur 12');
    expect(queries.at(-1)?.has('verified')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Vérification' })).toHaveTextContent('Toutes les organisations');
    expect(screen.queryByRole('button', { name: 'Réinitialiser' })).not.toBeInTheDocument();
  });

  it('sorts by name either way', async () => {
    const queries = listHandler();
    const app = renderApp('/admin/organizations', { user: admin });
    await screen.findByText('1–12 sur 12');
    await app.user.click(screen.getByRole('button', { name: /Nom/ }));
    await waitFor(() => expect(app.location().search).toEqual({ sort: '-name' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Organisation 12'));
    expect(queries.at(-1)?.get('sort')).toBe('-name');
  });

  it('keeps a search of SIRET digits in the URL (the router reads it as a number)', async () => {
    const queries = listHandler([{ ...organization, name: 'Organisation SIRET' }]);
    renderApp('/admin/organizations?q=7328293', { user: admin });
    await screen.findByText('Organisation SIRET');
    expect(screen.getByRole('searchbox', { name: 'Rechercher une organisation' })).toHaveValue('7328293');
    expect(queries.at(-1)?.get('q')).toBe('7328293');
  });

  it('opens on the state a URL holds', async () => {
    const queries = listHandler();
    renderApp('/admin/organizations?q=%22tion%22&page=2&size=10&archived=true', { user: admin });
    await screen.findByText('11–12 sur 12');
    expect(screen.getByRole('searchbox', { name: 'Rechercher une organisation' })).toHaveValue('tion');
    expect(screen.getByRole('checkbox', { name: 'Afficher les organisations archivées' })).toBeChecked();
    const last = queries.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ q: 'tion', page: '2', page_size: '10', with_archived: 'true' });
  });

  it("says 'Aucune donnée' when nothing matches", async () => {
    listHandler([]);
    renderApp('/admin/organizations', { user: admin });
    expect(await screen.findByText('Aucune donnée')).toBeInTheDocument();
  });

  it('says why the list could not load and retries', async () => {
    let fail = true;
    listHandler();
    server.use(http.get('*/organizations', () => (fail ? problem(503, 'Service momentanément indisponible.') : undefined)));
    const app = renderApp('/admin/organizations', { user: admin });
    // A 5xx is retried once (app-kit's query client) before the table says so.
    expect(await screen.findByText('Service momentanément indisponible.', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('1–12 sur 12')).toBeInTheDocument();
  });
});
