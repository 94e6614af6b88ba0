import { formatParcelId } from '@terres/domain';
import { lazy, Suspense } from 'react';
import type { ParcelType } from '../parcel-map/cadastre';
import './inquiry-parcel-map.css';

// maplibre-gl (and the map component) download only when a listing's overview shows parcels.
const ParcelMap = lazy(() => import('../parcel-map/parcel-map').then((module) => ({ default: module.ParcelMap })));

export const INQUIRY_PARCEL_MAP_TEXTS = {
  label: 'Carte des parcelles de l’annonce',
  loading: 'Chargement de la carte...',
  noParcel: 'Aucune parcelle renseignée.',
} as const;

export interface InquiryParcelMapProps {
  /** The listing (the API's `Inquiry` fits): its type colours the parcels, its site centres the map. */
  inquiry: {
    type: ParcelType;
    parcelNumbers: readonly string[];
    siteLatitude?: number | null;
    siteLongitude?: number | null;
  };
  /** The app's configured raster tiles and cadastre TileJSON (the public services when absent). */
  tileUrl?: string | undefined;
  tileJsonUrl?: string | undefined;
}

/**
 * A listing's parcels on the read-only cadastre map (viewer mode), listed 2-4-4-4: the overview
 * of the portal's and the console's listing details. While the map's code loads, the parcel
 * list shows in its place; a listing without parcels says so.
 */
export function InquiryParcelMap({ inquiry, tileUrl, tileJsonUrl }: InquiryParcelMapProps) {
  if (inquiry.parcelNumbers.length === 0) return <p className="terres-inquiry-parcel-map__none">{INQUIRY_PARCEL_MAP_TEXTS.noParcel}</p>;
  const center =
    typeof inquiry.siteLatitude === 'number' && typeof inquiry.siteLongitude === 'number'
      ? ([inquiry.siteLatitude, inquiry.siteLongitude] as const)
      : null;
  return (
    <Suspense
      fallback={
        <div className="terres-inquiry-parcel-map__placeholder">
          <p role="status">{INQUIRY_PARCEL_MAP_TEXTS.loading}</p>
          <ul>
            {inquiry.parcelNumbers.map((id) => (
              <li key={id}>{formatParcelId(id)}</li>
            ))}
          </ul>
        </div>
      }
    >
      <ParcelMap
        type={inquiry.type}
        readOnly
        selectedParcelIds={inquiry.parcelNumbers}
        center={center}
        height={360}
        label={INQUIRY_PARCEL_MAP_TEXTS.label}
        {...(tileUrl ? { tileUrl } : {})}
        {...(tileJsonUrl ? { tileJsonUrl } : {})}
      />
    </Suspense>
  );
}
