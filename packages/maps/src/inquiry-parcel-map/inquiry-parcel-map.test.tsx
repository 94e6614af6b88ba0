import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INQUIRY_PARCEL_MAP_TEXTS, InquiryParcelMap } from './inquiry-parcel-map';

// happy-dom has no WebGL: the map is the apps' test stand-in, which shows what it was given.
vi.mock('../parcel-map/parcel-map', () => import('../parcel-map/parcel-map-stand-in'));

describe('InquiryParcelMap', () => {
  it("shows a listing's parcels on the read-only map, coloured by its type, centred on its site", async () => {
    render(
      <InquiryParcelMap
        inquiry={{ type: 'FILL', parcelNumbers: ['68224000CD0010', '68224000CD0011'], siteLatitude: 47.75, siteLongitude: 7.34 }}
      />,
    );
    // While the map's code loads, the parcels are listed 2-4-4-4 in its place.
    expect(screen.getByRole('status')).toHaveTextContent(INQUIRY_PARCEL_MAP_TEXTS.loading);
    expect(screen.getByText('68 2240 00CD 0010')).toBeInTheDocument();
    const map = await screen.findByRole('region', { name: 'Carte des parcelles de l’annonce' });
    expect(map).toHaveAttribute('data-read-only', 'true');
    expect(map).toHaveAttribute('data-type', 'FILL');
    expect(map).toHaveAttribute('data-center', '[47.75,7.34]');
    expect(map).toHaveTextContent('68224000CD0011');
  });

  it('has no centre without site coordinates, and says when there is no parcel', async () => {
    const { rerender } = render(<InquiryParcelMap inquiry={{ type: 'CUT', parcelNumbers: ['68224000CD0010'], siteLatitude: null }} />);
    expect(await screen.findByRole('region', { name: 'Carte des parcelles de l’annonce' })).toHaveAttribute('data-center', 'null');
    rerender(<InquiryParcelMap inquiry={{ type: 'CUT', parcelNumbers: [] }} />);
    expect(screen.getByText('Aucune parcelle renseignée.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
