import type { InquiryType } from '@terres/api-client';
import { MapLine } from '@terres/maps/map-line';
import { MapMarker } from '@terres/maps/map-marker';
import { MapView } from '@terres/maps/map-view';
import { env } from '../../../config/env';

interface Site {
  latitude: number;
  longitude: number;
  type: InquiryType;
  title: string;
  organizationName: string;
}

/** Both sites of a pair and the line between them (the map zooms to show both). */
export function MatchMap({ from, to, title, lineTitle }: { from: Site; to: Site; title: string; lineTitle: string }) {
  return (
    <section className="match-map">
      <MapView label={title} center={[(from.latitude + to.latitude) / 2, (from.longitude + to.longitude) / 2]} height={320} {...(env.tileUrl ? { tileUrl: env.tileUrl } : {})}>
        <MapMarker position={[from.latitude, from.longitude]} type={from.type} title={from.title} organizationName={from.organizationName} alwaysVisible />
        <MapMarker position={[to.latitude, to.longitude]} type={to.type} title={to.title} organizationName={to.organizationName} alwaysVisible />
        <MapLine from={[from.latitude, from.longitude]} to={[to.latitude, to.longitude]} title={lineTitle} />
      </MapView>
    </section>
  );
}
