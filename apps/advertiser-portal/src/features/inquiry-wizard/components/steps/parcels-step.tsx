// Step 2: the cadastre parcels (spec §2: map at zoom 16, click to select, address search to
// recentre). maplibre-gl loads only here: the map component is imported on demand. When the
// cadastre layer cannot load, ParcelMap shows its parcel-number entry, which is also the
// keyboard path to select parcels.
import { AddressSearch } from '@terres/maps/address-search';
import { lazy, Suspense, useState } from 'react';
import { env } from '../../../../config/env';
import { texts } from '../../texts';
import type { WizardForm, WizardType } from '../../model/values';

const ParcelMap = lazy(() => import('@terres/maps/parcel-map').then((module) => ({ default: module.ParcelMap })));

type LatLng = readonly [number, number];

export function ParcelsStep({ form, type }: { form: WizardForm; type: WizardType }) {
  const { values } = form;
  const [center, setCenter] = useState<LatLng | null>(
    values.siteLatitude !== null && values.siteLongitude !== null ? [values.siteLatitude, values.siteLongitude] : null,
  );
  const error = form.errorOf('parcelNumbers');
  return (
    <div className="wizard-parcels">
      <AddressSearch
        label={texts.parcelsAddressSearch}
        {...(env.addressSearchUrl ? { baseUrl: env.addressSearchUrl } : {})}
        onSelect={(address) => setCenter(address.center)}
      />
      <Suspense fallback={<p role="status">{texts.mapLoading}</p>}>
        <ParcelMap
          type={type}
          center={center}
          selectedParcelIds={values.parcelNumbers}
          onChange={(ids) => {
            form.setValue('parcelNumbers', ids);
            form.touch('parcelNumbers');
          }}
          {...(env.cadastreTileJsonUrl ? { tileJsonUrl: env.cadastreTileJsonUrl } : {})}
          {...(env.tileUrl ? { tileUrl: env.tileUrl } : {})}
        />
      </Suspense>
      {error ? (
        <p className="wizard-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
