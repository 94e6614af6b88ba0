// What the loopback fixture server answers: cadastre parcels (shaped like Etalab's `parcelles`
// layer) and addresses (shaped like the national address service's GeoJSON answers), around
// Mulhouse and Strasbourg. Plain data, no Node API: browser tests import it too.

interface Polygon {
  type: 'Polygon';
  coordinates: number[][][];
}

export interface ParcelFeature {
  type: 'Feature';
  properties: { id: string; commune: string; section: string; numero: string };
  geometry: Polygon;
}

export interface AddressFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [lng: number, lat: number] };
  properties: {
    label: string;
    score: number;
    housenumber?: string;
    id: string;
    name: string;
    postcode: string;
    citycode: string;
    city: string;
    context: string;
    type: 'housenumber' | 'street';
    street?: string;
  };
}

/** A construction site of the fixtures: an address and the parcels drawn around it. */
export interface FixtureSite {
  /** Label as the address search shows it, e.g. '10 Rue du Sauvage 68100 Mulhouse'. */
  label: string;
  /** Number and street, as the address search fills the street line. */
  street: string;
  postcode: string;
  city: string;
  /** [latitude, longitude] of the address. */
  center: readonly [lat: number, lng: number];
  /**
   * Parcels drawn around the address, 14-character ids: first the one under the address (the
   * map's centre once the search has recentred it), then its east and west neighbours.
   */
  parcelIds: readonly [string, string, string];
}

/** Where the first parcels lie: the default map centre (spec §9), so tests can click the middle. */
export const FIXTURE_CENTER = [47.75, 7.33] as const;

/** Parcel under the map centre, then its east and west neighbours (14-character ids). */
export const FIXTURE_PARCEL_IDS = ['68224000AB0123', '68224000AB0124', '68224000AB0125'] as const;

// About 180 m square (1.6 m per pixel at zoom 16 here): 110 px, an easy click target.
const HALF_LAT = 0.0008;
const HALF_LNG = 0.0012;
const GAP_LNG = 0.0002;

function square(lat: number, lng: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - HALF_LNG, lat - HALF_LAT],
        [lng + HALF_LNG, lat - HALF_LAT],
        [lng + HALF_LNG, lat + HALF_LAT],
        [lng - HALF_LNG, lat + HALF_LAT],
        [lng - HALF_LNG, lat - HALF_LAT],
      ],
    ],
  };
}

/** Three parcels in a row: `ids[0]` centred on the point, `ids[1]` east of it, `ids[2]` west. */
function parcelRow(center: readonly [number, number], ids: readonly string[]): ParcelFeature[] {
  const [lat, lng] = center;
  return ids.map((id, index) => {
    const offset = [0, 1, -1][index] ?? 0;
    return {
      type: 'Feature',
      // Etalab's ids: commune INSEE code (5), prefix (3), section (2), number (4).
      properties: { id, commune: id.slice(0, 5), section: id.slice(8, 10), numero: id.slice(10) },
      geometry: square(lat, lng + offset * (2 * HALF_LNG + GAP_LNG)),
    };
  });
}

const MULHOUSE = { citycode: '68224', city: 'Mulhouse', context: '68, Haut-Rhin, Grand Est' } as const;
const STRASBOURG = { citycode: '67482', city: 'Strasbourg', context: '67, Bas-Rhin, Grand Est' } as const;

/** Addresses with parcels, two per city, for the journeys (create a listing, pick a parcel). */
export const FIXTURE_SITES: readonly FixtureSite[] = [
  {
    label: '10 Rue du Sauvage 68100 Mulhouse',
    street: '10 Rue du Sauvage',
    postcode: '68100',
    city: 'Mulhouse',
    center: [47.7476, 7.3372],
    parcelIds: ['68224000CD0010', '68224000CD0011', '68224000CD0012'],
  },
  {
    label: '40 Rue de la Mer Rouge 68200 Mulhouse',
    street: '40 Rue de la Mer Rouge',
    postcode: '68200',
    city: 'Mulhouse',
    center: [47.7392, 7.3035],
    parcelIds: ['68224000MR0040', '68224000MR0041', '68224000MR0042'],
  },
  {
    label: '2 Place de la Cathédrale 67000 Strasbourg',
    street: '2 Place de la Cathédrale',
    postcode: '67000',
    city: 'Strasbourg',
    center: [48.5818, 7.7509],
    parcelIds: ['67482000KA0002', '67482000KA0003', '67482000KA0004'],
  },
  {
    label: '5 Rue du Havre 67100 Strasbourg',
    street: '5 Rue du Havre',
    postcode: '67100',
    city: 'Strasbourg',
    center: [48.5712, 7.7822],
    parcelIds: ['67482000PR0005', '67482000PR0006', '67482000PR0007'],
  },
];

/** Every parcel the cadastre tiles hold: the default-centre row, then a row around each site. */
export const FIXTURE_PARCELS: { type: 'FeatureCollection'; features: ParcelFeature[] } = {
  type: 'FeatureCollection',
  features: [
    ...parcelRow(FIXTURE_CENTER, FIXTURE_PARCEL_IDS),
    ...FIXTURE_SITES.flatMap((site) => parcelRow(site.center, site.parcelIds)),
  ],
};

function housenumber(site: FixtureSite, city: typeof MULHOUSE | typeof STRASBOURG, streetId: string): AddressFeature {
  const [number = '', ...rest] = site.street.split(' ');
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [site.center[1], site.center[0]] },
    properties: {
      label: site.label,
      score: 0.95,
      housenumber: number,
      id: `${city.citycode}_${streetId}_${number.padStart(5, '0')}`,
      name: site.street,
      postcode: site.postcode,
      citycode: city.citycode,
      city: city.city,
      context: city.context,
      type: 'housenumber',
      street: rest.join(' '),
    },
  };
}

const [sauvage, merRouge, cathedrale, havre] = FIXTURE_SITES as [FixtureSite, FixtureSite, FixtureSite, FixtureSite];

/**
 * The address book, in the order answers list it (matches keep this order). 'Rue du Sauvage'
 * comes second among its matches: the maps' keyboard test picks the second option.
 */
export const FIXTURE_ADDRESS_FEATURES: readonly AddressFeature[] = [
  housenumber(cathedrale, STRASBOURG, '1234'),
  housenumber(sauvage, MULHOUSE, '5678'),
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [7.3389, 47.7467] },
    properties: {
      label: 'Rue du Sauvage 68100 Mulhouse',
      score: 0.8,
      id: '68224_5678',
      name: 'Rue du Sauvage',
      postcode: '68100',
      citycode: MULHOUSE.citycode,
      city: MULHOUSE.city,
      context: MULHOUSE.context,
      type: 'street',
    },
  },
  housenumber(merRouge, MULHOUSE, '2468'),
  housenumber(havre, STRASBOURG, '1357'),
  {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [7.7457, 48.5833] },
    properties: {
      label: 'Place Kléber 67000 Strasbourg',
      score: 0.8,
      id: '67482_4321',
      name: 'Place Kléber',
      postcode: '67000',
      citycode: STRASBOURG.citycode,
      city: STRASBOURG.city,
      context: STRASBOURG.context,
      type: 'street',
    },
  },
];

/** Lower case, without accents or punctuation, split into words. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * The answer of `/search/?q=...&limit=...`: addresses where every word of the query starts a
 * word of the label (accents and case ignored), at most `limit`, as a GeoJSON FeatureCollection.
 */
export function searchFixtureAddresses(query: string, limit = 5) {
  const wanted = words(query);
  const features =
    wanted.length === 0
      ? []
      : FIXTURE_ADDRESS_FEATURES.filter((feature) => {
          const label = words(`${feature.properties.label} ${feature.properties.context}`);
          return wanted.every((word) => label.some((candidate) => candidate.startsWith(word)));
        }).slice(0, Math.max(0, limit));
  return { type: 'FeatureCollection' as const, version: 'draft', query, limit, features };
}
