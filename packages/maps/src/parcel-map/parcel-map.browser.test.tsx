import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { FIXTURE_CENTER, FIXTURE_PARCEL_IDS } from '@terres/e2e/fixture-data';
import { ParcelMap } from './parcel-map';
import type { ParcelMapProps } from './parcel-map';

const fixture = inject('fixtureUrl');
const tileUrl = `${fixture}/tiles/{z}/{x}/{y}.png`;

async function requested(): Promise<string[]> {
  return (await fetch(`${fixture}/__requests`)).json() as Promise<string[]>;
}

/** The wizard's use: a controlled selection. */
function Selector(props: Partial<ParcelMapProps>) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <ParcelMap
      type="CUT"
      center={FIXTURE_CENTER}
      tileUrl={tileUrl}
      tileJsonUrl={`${fixture}/cadastre.json`}
      {...props}
      selectedParcelIds={ids}
      onChange={setIds}
    />
  );
}

async function mapReady(): Promise<HTMLCanvasElement> {
  await waitFor(() => expect(screen.getByRole('region', { name: 'Carte des parcelles cadastrales' })).toHaveAttribute('data-status', 'ready'), {
    timeout: 40_000,
  });
  const canvas = document.querySelector('canvas.maplibregl-canvas');
  if (!(canvas instanceof HTMLCanvasElement)) throw new Error('no maplibre canvas');
  return canvas;
}

/** The colour drawn at the middle of an element, read from a real screenshot of the page. */
async function centrePixel(element: HTMLElement): Promise<[number, number, number]> {
  const base64 = await page.screenshot({ element, save: false });
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0);
  const [r = 0, g = 0, b = 0] = context.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data;
  return [r, g, b];
}

/** A parcel colour at the given opacity over the fixture's light green tile (200, 230, 200). */
function blend(hex: string, opacity: number): [number, number, number] {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const tile = [200, 230, 200];
  return channels.map((c, i) => Math.round(opacity * c + (1 - opacity) * (tile[i] ?? 0))) as [number, number, number];
}

function close(actual: readonly number[], expected: readonly number[]): boolean {
  return actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= 12);
}

describe('ParcelMap in Chromium', () => {
  it('selects the parcel under a click and deselects it with a second click', async () => {
    render(<Selector />);
    const canvas = await mapReady();
    expect(screen.getByText('Aucune parcelle sélectionnée.')).toBeInTheDocument();

    await userEvent.click(canvas);
    expect(await screen.findByText('68 2240 00AB 0123')).toBeInTheDocument();
    expect(screen.getByText('Parcelles sélectionnées (1)')).toBeInTheDocument();

    await userEvent.click(canvas);
    expect(await screen.findByText('Aucune parcelle sélectionnée.')).toBeInTheDocument();
    expect(FIXTURE_PARCEL_IDS[0]).toBe('68224000AB0123');
  });

  it('paints the selection in the type colour, overlaps purple, and the viewer at 0.55', async () => {
    const props = { center: FIXTURE_CENTER, tileUrl, tileJsonUrl: `${fixture}/cadastre.json` } as const;
    const { rerender } = render(<ParcelMap {...props} type="CUT" selectedParcelIds={[]} />);
    const canvas = await mapReady();
    const map = canvas.parentElement?.parentElement as HTMLElement;
    await expect.poll(() => centrePixel(map).then((rgb) => close(rgb, [200, 230, 200])), { timeout: 20_000 }).toBe(true);

    rerender(<ParcelMap {...props} type="CUT" selectedParcelIds={[FIXTURE_PARCEL_IDS[0]]} />);
    await expect.poll(() => centrePixel(map).then((rgb) => close(rgb, blend('#f2c200', 0.35))), { timeout: 20_000 }).toBe(true);

    rerender(<ParcelMap {...props} type="FILL" selectedParcelIds={[FIXTURE_PARCEL_IDS[0]]} />);
    await expect.poll(() => centrePixel(map).then((rgb) => close(rgb, blend('#dc3c3c', 0.35))), { timeout: 20_000 }).toBe(true);

    rerender(<ParcelMap {...props} type="FILL" selectedParcelIds={[FIXTURE_PARCEL_IDS[0]]} otherParcelIds={[FIXTURE_PARCEL_IDS[0]]} />);
    await expect.poll(() => centrePixel(map).then((rgb) => close(rgb, blend('#8e44ad', 0.35))), { timeout: 20_000 }).toBe(true);

    rerender(<ParcelMap {...props} type="CUT" readOnly selectedParcelIds={[FIXTURE_PARCEL_IDS[0]]} />);
    await expect.poll(() => centrePixel(map).then((rgb) => close(rgb, blend('#f2c200', 0.55))), { timeout: 20_000 }).toBe(true);
  });

  it('falls back to the tile URL template when the TileJSON tiles entry is invalid', async () => {
    render(
      <Selector
        tileJsonUrl={`${fixture}/cadastre-invalid-tiles.json`}
        cadastreTileUrl={`${fixture}/cadastre/{z}/{x}/{y}.pbf`}
      />,
    );
    const canvas = await mapReady();
    expect((await requested()).some((path) => /^\/cadastre\/16\/\d+\/\d+\.pbf$/.test(path))).toBe(true);
    await userEvent.click(canvas);
    expect(await screen.findByText('68 2240 00AB 0123')).toBeInTheDocument();
  });

  it('fetches a TileJSON once for every map of the page', async () => {
    const url = `${fixture}/cadastre.json?shared`;
    render(
      <>
        <ParcelMap type="FILL" center={FIXTURE_CENTER} tileUrl={tileUrl} tileJsonUrl={url} selectedParcelIds={[]} label="Carte A" />
        <ParcelMap type="FILL" center={FIXTURE_CENTER} tileUrl={tileUrl} tileJsonUrl={url} selectedParcelIds={[]} label="Carte B" />
      </>,
    );
    for (const name of ['Carte A', 'Carte B']) {
      await waitFor(() => expect(screen.getByRole('region', { name })).toHaveAttribute('data-status', 'ready'), { timeout: 40_000 });
    }
    expect((await requested()).filter((path) => path === '/cadastre.json?shared')).toHaveLength(1);
  });

  it('offers the manual parcel entry when the TileJSON cannot load', async () => {
    render(<Selector tileJsonUrl={`${fixture}/cadastre-500.json`} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger le TileJSON cadastre');
    expect(alert).toHaveTextContent('Erreur lors du chargement du TileJSON Cadastre: 500');
    expect(document.querySelector('canvas')).toBeNull();

    const input = screen.getByLabelText('Numéro de parcelle');
    await userEvent.type(input, '68 2240 00ab 0126');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la parcelle' }));
    expect(await screen.findByText('68 2240 00AB 0126')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer la parcelle 68 2240 00AB 0126' }));
    expect(await screen.findByText('Aucune parcelle sélectionnée.')).toBeInTheDocument();
  });

  it('lets the wheel scroll the page, with a hint; Ctrl + wheel zooms the map (issue 21)', async () => {
    render(<Selector />);
    const canvas = await mapReady();
    const box = canvas.getBoundingClientRect();
    const wheel = (init: WheelEventInit = {}) => {
      const event = new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -200, clientX: box.left + 40, clientY: box.top + 40, ...init });
      canvas.dispatchEvent(event);
      return event;
    };
    // maplibre takes a wheel it zooms with (preventDefault): a plain one is left to the page.
    expect(wheel().defaultPrevented).toBe(false);
    await waitFor(() => expect(screen.getByText(/^Utilisez (Ctrl|⌘) \+ molette pour zoomer/).parentElement).toHaveAttribute('data-visible'));
    expect(wheel({ ctrlKey: true }).defaultPrevented).toBe(true);
  });
});
