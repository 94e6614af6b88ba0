// Tests only: the real ParcelMap needs WebGL and the cadastre service. This stand-in shows
// what the page gave it. Use: vi.mock('@terres/maps/parcel-map', () => import('@terres/maps/parcel-map-stand-in')).
import type { ParcelMapProps } from './parcel-map';

export function ParcelMap(props: ParcelMapProps) {
  return (
    <div
      role="region"
      aria-label={props.label}
      data-read-only={String(props.readOnly)}
      data-type={props.type}
      data-center={JSON.stringify(props.center)}
    >
      <ul>
        {props.selectedParcelIds.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
    </div>
  );
}
