import type { InquiryPin } from '@terres/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../../test/fixtures';
import { problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

// Leaflet sizes the map from its container: happy-dom lays nothing out, so the map is given the
// size it has in a 1280 px browser (1100 x 600).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => vi.restoreAllMocks());

const pins: InquiryPin[] = [
  { id: 'bbbbbbbb-0000-4000-8000-000000000001', type: 'CUT', status: 'APPROVED', latitude: 47.752, longitude: 7.335, projectName: 'Friche DMC', organizationName: "Terrassements d'Alsace SAS" },
  { id: 'bbbbbbbb-0000-4000-8000-000000000002', type: 'FILL', status: 'PENDING_VALIDATION', latitude: 47.745, longitude: 7.31, projectName: 'Merlon A35', organizationName: '' },
  // Strasbourg: out of the opening view.
  { id: 'bbbbbbbb-0000-4000-8000-000000000003', type: 'FILL', status: 'SITE_FOUND', latitude: 48.58, longitude: 7.75, projectName: 'Port du Rhin', organizationName: 'Remblais du Rhin' },
];

interface Requests {
  counts: URLSearchParams[];
  pins: URLSearchParams[];
}

/** The map's two calls: the count of listings (X-Total-Count) and the pins, filtered like the API. */
function mockMap(total: number, options: { failPins?: () => boolean } = {}) {
  const requests: Requests = { counts: [], pins: [] };
  server.use(
    http.get('*/inquiries', ({ request }) => {
      requests.counts.push(new URL(request.url).searchParams);
      return HttpResponse.json([], { headers: { 'X-Total-Count': String(total) } });
    }),
    http.get('*/inquiries/pins', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.pins.push(params);
      if (options.failPins?.()) return problem(500, 'Base de données indisponible.');
      const bbox = params.get('bbox')?.split(',').map(Number);
      const type = params.get('type');
      const status = params.get('status');
      return HttpResponse.json(
        pins.filter(
          (pin) =>
            (!type || pin.type === type) &&
            (!status || pin.status === status) &&
            (!bbox || (pin.longitude >= bbox[0]! && pin.latitude >= bbox[1]! && pin.longitude <= bbox[2]! && pin.latitude <= bbox[3]!)),
        ),
      );
    }),
  );
  return requests;
}

describe('listings map', () => {
  it('loads every pin at once when there are few, and opens a popup with the listing link', async () => {
    const requests = mockMap(3);
    const app = renderApp('/admin/map', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Carte des annonces' })).toBeInTheDocument();
    expect(await screen.findByTitle('Friche DMC (déblai, validée)')).toBeInTheDocument();
    expect(screen.getByTitle('Merlon A35 (remblai, en attente de validation)')).toBeInTheDocument();
    expect(await screen.findByText('2 annonces dans cette zone.')).toBeInTheDocument();
    expect(requests.pins).toHaveLength(1);
    expect(requests.pins[0]!.has('bbox')).toBe(false);
    expect(Object.fromEntries(requests.counts[0]!)).toEqual({ page: '1', page_size: '1' });
    await waitFor(() => expect(document.title).toBe('Carte des annonces · Bourse aux terres'));
    expect(screen.getByRole('region', { name: 'Carte des annonces de toutes les organisations' })).toBeInTheDocument();

    await app.user.click(screen.getByTitle('Merlon A35 (remblai, en attente de validation)'));
    const link = await screen.findByRole('link', { name: 'Voir l’annonce' });
    const popup = link.closest('.terres-map-popup') as HTMLElement;
    expect(within(popup).getByText('Merlon A35')).toBeInTheDocument();
    expect(within(popup).getByText('Organisation inconnue')).toBeInTheDocument();
    expect(within(popup).getByText('REMBLAIS')).toBeInTheDocument();
    expect(within(popup).getByText('En attente de validation')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/admin/inquiry/details/bbbbbbbb-0000-4000-8000-000000000002/overview');
  });

  it('opens on the map, its legend right under it, then the figures and the register (issue 21)', async () => {
    mockMap(3);
    renderApp('/admin/map', { user: admin });
    const map = await screen.findByRole('region', { name: 'Carte des annonces de toutes les organisations' }, { timeout: 10_000 });
    const legend = screen.getByRole('group', { name: 'Légende' });
    expect(within(legend).getAllByRole('listitem').map((key) => key.textContent)).toEqual([
      'Déblais : terres à évacuer',
      'Remblais : terres recherchées',
      'Groupe d’annonces proches (anneau jaune et rouge selon leur part) : cliquez pour zoomer',
    ]);
    const figures = await screen.findByRole('region', { name: /Transferts réalisés/ }, { timeout: 10_000 });
    const register = screen.getByRole('region', { name: /registre/i });
    // In the page's order: the map, the legend, the figures, the register.
    const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(map, legend)).toBe(true);
    expect(follows(legend, figures)).toBe(true);
    expect(follows(figures, register)).toBe(true);
  });

  it('asks for the visible area when there are many listings, and again only when the view leaves it', async () => {
    const requests = mockMap(88_000);
    const app = renderApp('/admin/map', { user: admin });
    expect(await screen.findByTitle('Friche DMC (déblai, validée)')).toBeInTheDocument();
    expect(requests.pins.every((params) => params.has('bbox'))).toBe(true);
    const [minLng, minLat, maxLng, maxLat] = requests.pins[0]!.get('bbox')!.split(',').map(Number) as [number, number, number, number];
    // The opening view around 47.75, 7.33 with a margin, not the whole country.
    expect(minLng).toBeLessThan(7.33);
    expect(maxLng).toBeGreaterThan(7.33);
    expect(minLat).toBeLessThan(47.75);
    expect(maxLat).toBeGreaterThan(47.75);
    expect(maxLng - minLng).toBeLessThan(1);
    expect(screen.queryByTitle('Port du Rhin (remblai, site compatible trouvé)')).not.toBeInTheDocument();

    // Zooming in stays inside the loaded area: nothing is asked; above zoom 13 the pins give way to the parcels.
    const asked = requests.pins.length;
    await app.user.click(screen.getByRole('button', { name: 'Zoom avant' }));
    expect(await screen.findByText('Les annonces s’affichent au zoom 13 et en deçà\u00a0: dézoomez pour les voir.', { normalizer: (t) => t })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTitle('Friche DMC (déblai, validée)')).not.toBeInTheDocument());
    await app.user.click(screen.getByRole('button', { name: 'Zoom arrière' }));
    expect(await screen.findByTitle('Friche DMC (déblai, validée)')).toBeInTheDocument();
    expect(requests.pins).toHaveLength(asked);
  });

  it('recentres on a chosen address and asks for that area', async () => {
    const requests = mockMap(88_000);
    server.use(
      http.get('*/search/', () =>
        HttpResponse.json({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [7.7502, 48.5801] },
              properties: { label: '5 Rue du Havre 67100 Strasbourg', postcode: '67100', city: 'Strasbourg', street: 'Rue du Havre', housenumber: '5' },
            },
          ],
        }),
      ),
    );
    const app = renderApp('/admin/map', { user: admin });
    await screen.findByTitle('Friche DMC (déblai, validée)');
    await app.user.type(screen.getByRole('combobox', { name: 'Centrer la carte sur une adresse' }), 'rue du havre');
    await app.user.click(await screen.findByRole('option', { name: /5 Rue du Havre 67100 Strasbourg/ }));
    expect(await screen.findByTitle('Port du Rhin (remblai, site compatible trouvé)')).toBeInTheDocument();
    const last = requests.pins.at(-1)!.get('bbox')!.split(',').map(Number);
    expect(last[0]).toBeLessThan(7.75);
    expect(last[2]).toBeGreaterThan(7.75);
    expect(last[1]).toBeLessThan(48.58);
    expect(last[3]).toBeGreaterThan(48.58);
  });

  it('filters by type and status, in the URL and in the calls', async () => {
    const requests = mockMap(3);
    const app = renderApp('/admin/map?type=FILL', { user: admin });
    expect(await screen.findByTitle('Merlon A35 (remblai, en attente de validation)')).toBeInTheDocument();
    expect(screen.queryByTitle('Friche DMC (déblai, validée)')).not.toBeInTheDocument();
    expect(requests.pins.at(-1)!.get('type')).toBe('FILL');
    expect(requests.counts.at(-1)!.get('type')).toBe('FILL');

    await app.user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await app.user.click(await screen.findByRole('option', { name: 'Validée' }));
    await waitFor(() => expect(app.location().search).toEqual({ type: 'FILL', status: 'APPROVED' }));
    await waitFor(() => expect(requests.pins.at(-1)!.get('status')).toBe('APPROVED'));
    await waitFor(() => expect(screen.queryByTitle('Merlon A35 (remblai, en attente de validation)')).not.toBeInTheDocument());
    expect(await screen.findByText('Aucune annonce dans cette zone.')).toBeInTheDocument();
  });

  it('says when the pins cannot load, and retries', async () => {
    let fail = true;
    mockMap(3, { failPins: () => fail });
    const app = renderApp('/admin/map', { user: admin });
    expect(await screen.findByText('Impossible de charger les annonces de la carte.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Base de données indisponible.')).toBeInTheDocument();
    fail = false;
    await act(() => app.user.click(screen.getByRole('button', { name: 'Réessayer' })));
    expect(await screen.findByTitle('Friche DMC (déblai, validée)')).toBeInTheDocument();
    expect(screen.queryByText('Impossible de charger les annonces de la carte.')).not.toBeInTheDocument();
  });
});
