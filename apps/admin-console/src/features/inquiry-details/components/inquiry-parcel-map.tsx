import type { Inquiry } from '@terres/api-client';
import { formatParcelId } from '@terres/domain';
import { lazy, Suspense } from 'react';
import { env } from '../../../config/env';
import { texts } from '../texts';

// maplibre-gl (and the map component) download only when a listing's overview shows parcels.
const ParcelMap = lazy(() => import('@terres/maps/parcel-map').then((module) => ({ default: module.ParcelMap })));

/** The listing's parcels on the read-only cadastre map (viewer mode), listed 2-4-4-4 below it. */
export function InquiryParcelMap({ inquiry }: { inquiry: Inquiry }) {
  if (inquiry.parcelNumbers.length === 0) return <p className="app-muted">{texts.noParcel}</p>;
  const center =
    typeof inquiry.siteLatitude === 'number' && typeof inquiry.siteLongitude === 'number'
      ? ([inquiry.siteLatitude, inquiry.siteLongitude] as const)
      : null;
  return (
    <Suspense
      fallback={
        <div className="inquiry-map-placeholder">
          <p role="status">{texts.parcelsLoading}</p>
          <ul className="inquiry-parcels">
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
        label={texts.parcelsMap}
        {...(env.tileUrl ? { tileUrl: env.tileUrl } : {})}
        {...(env.cadastreTileJsonUrl ? { tileJsonUrl: env.cadastreTileJsonUrl } : {})}
      />
    </Suspense>
  );
}
