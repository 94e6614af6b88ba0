import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressSearch } from './address-search';
import {
  ADDRESS_DEBOUNCE_MS,
  ADDRESS_LIMIT,
  ADDRESS_MIN_LENGTH,
  ADDRESS_SERVICE_UNAVAILABLE,
  DEFAULT_ADDRESS_SERVICE_URL,
  NO_ADDRESS_FOUND,
  addressSearchUrl,
  clearAddressCache,
  parseAddressResults,
} from './address-service';

const ANSWER = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [7.7509, 48.5818] },
      properties: {
        label: '2 Place de la Cathédrale 67000 Strasbourg',
        housenumber: '2',
        name: '2 Place de la Cathédrale',
        street: 'Place de la Cathédrale',
        postcode: '67000',
        city: 'Strasbourg',
        type: 'housenumber',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [7.3389, 47.7467] },
      properties: { label: 'Rue du Sauvage 68100 Mulhouse', name: 'Rue du Sauvage', postcode: '68100', city: 'Mulhouse', type: 'street' },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: ['x', 1] }, properties: { label: 'Cassée' } },
  ],
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  clearAddressCache();
  fetchMock = vi.fn(async () => json(ANSWER));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function settle(ms = ADDRESS_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(props: Partial<Parameters<typeof AddressSearch>[0]> = {}) {
  const onSelect = vi.fn();
  render(<AddressSearch onSelect={onSelect} {...props} />);
  return { onSelect, input: screen.getByRole('combobox', { name: 'Rechercher une adresse' }) };
}

describe('address service', () => {
  it('uses the spec constants and the national service by default', () => {
    expect(DEFAULT_ADDRESS_SERVICE_URL).toBe('https://api-adresse.data.gouv.fr');
    expect([ADDRESS_MIN_LENGTH, ADDRESS_LIMIT, ADDRESS_DEBOUNCE_MS]).toEqual([3, 5, 250]);
    expect(addressSearchUrl('https://geo.test/', ' 8 bd du Port ')).toBe('https://geo.test/search/?q=8%20bd%20du%20Port&limit=5');
  });

  it('reads label, postcode, city, street and [lat, lng], skipping malformed features', () => {
    expect(parseAddressResults(ANSWER)).toEqual([
      {
        label: '2 Place de la Cathédrale 67000 Strasbourg',
        postcode: '67000',
        city: 'Strasbourg',
        street: '2 Place de la Cathédrale',
        center: [48.5818, 7.7509],
      },
      { label: 'Rue du Sauvage 68100 Mulhouse', postcode: '68100', city: 'Mulhouse', street: 'Rue du Sauvage', center: [47.7467, 7.3389] },
    ]);
    expect(parseAddressResults({})).toEqual([]);
    expect(parseAddressResults(null)).toEqual([]);
  });
});

describe('AddressSearch', () => {
  it('is an accessible combobox that searches from 3 characters after 250 ms', async () => {
    const { input } = setup({ baseUrl: 'https://geo.test' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');

    type(input, 'pl');
    await settle(1000);
    expect(fetchMock).not.toHaveBeenCalled();

    type(input, 'pla');
    await settle(ADDRESS_DEBOUNCE_MS - 10);
    expect(fetchMock).not.toHaveBeenCalled();
    type(input, 'plac');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://geo.test/search/?q=plac&limit=5', expect.anything());

    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Adresses proposées' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('aborts the previous request when the text changes', async () => {
    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal as AbortSignal;
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          if (signals.length > 1) resolve(json(ANSWER));
        }),
    );
    const { input } = setup();
    type(input, 'rue du');
    await settle();
    type(input, 'rue du s');
    await settle();
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.queryByText(ADDRESS_SERVICE_UNAVAILABLE)).toBeNull();
  });

  it('answers a query already asked from its cache', async () => {
    const { input } = setup();
    type(input, 'strasbourg');
    await settle();
    type(input, 'strasbourg c');
    await settle();
    type(input, 'strasbourg');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('moves with the arrows (aria-activedescendant), picks with Enter and closes with Escape', async () => {
    const { input, onSelect } = setup();
    type(input, 'cathédrale');
    await settle();
    const options = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith({
      label: '2 Place de la Cathédrale 67000 Strasbourg',
      postcode: '67000',
      city: 'Strasbourg',
      street: '2 Place de la Cathédrale',
      center: [48.5818, 7.7509],
    });
    expect(input).toHaveValue('2 Place de la Cathédrale 67000 Strasbourg');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await settle(1000);
    // Choosing fills the field without starting another search.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('picks an option with the mouse', async () => {
    const { input, onSelect } = setup();
    type(input, 'mulhouse');
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'Rue du Sauvage 68100 Mulhouse' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ city: 'Mulhouse', center: [47.7467, 7.3389] }));
  });

  it("says 'Aucune adresse trouvée' when nothing matches", async () => {
    fetchMock.mockImplementation(async () => json({ type: 'FeatureCollection', features: [] }));
    const { input } = setup();
    type(input, 'xyzxyz');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(NO_ADDRESS_FOUND);
    expect(NO_ADDRESS_FOUND).toBe('Aucune adresse trouvée');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says the service is unavailable on a network failure or an error status', async () => {
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { input } = setup();
    type(input, 'rue de la paix');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(ADDRESS_SERVICE_UNAVAILABLE);

    fetchMock.mockImplementation(async () => json({}, 503));
    type(input, 'rue de la paix 2');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(ADDRESS_SERVICE_UNAVAILABLE);
  });
});
