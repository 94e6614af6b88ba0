// Test data the journeys seed listings with: dates from today, tiny PDFs, words no other journey
// of the run uses, and a listing body at a fixture site that can be submitted.
import { FIXTURE_SITES } from '../fixture-server/data';

/** The date `offset` days from today, as the API takes it (YYYY-MM-DD). */
export const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A minimal PDF whose text holds `label`: the API accepts it as a document. */
export const pdf = (label: string): string => `%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`;

/**
 * A word no other journey of the run uses (each spec runs at two widths on one database): the
 * spec's own `prefix` and five base-36 digits of the clock.
 */
export const uniqueWord = (prefix: string): string => `${prefix}${Date.now().toString(36).slice(-5)}`;

export interface CompleteListingOptions {
  /** 'FILL' adds what the site accepts (required at submission, issue 11). Default 'CUT'. */
  type?: 'CUT' | 'FILL';
  /** How many of the site's parcels the listing names. Default 2. */
  parcels?: number;
  /** The listing's `quantity`. Default 5.01. */
  quantity?: number;
  /** The quantity of its one material (sand and gravel, inert). Default 8000. */
  materialQuantity?: number;
}

/**
 * The fields of a complete listing at fixture site `siteIndex` (wrapping round FIXTURE_SITES):
 * every wizard rule holds, so once its permit is uploaded it can be submitted. Spread it into a
 * `PUT /inquiries/{id}` body and override what a journey needs different.
 */
export function completeListing(
  siteIndex: number,
  { type = 'CUT', parcels = 2, quantity = 5.01, materialQuantity = 8000 }: CompleteListingOptions = {},
) {
  const site = FIXTURE_SITES[siteIndex % FIXTURE_SITES.length]!;
  return {
    project_owner_first_name: 'Claire',
    project_owner_last_name: 'Muller',
    project_owner_street: '2 avenue de Colmar',
    project_owner_postcode: '68100',
    project_owner_city: 'Mulhouse',
    project_owner_siret: '73282932000074',
    site_address: site.label,
    site_latitude: site.center[0],
    site_longitude: site.center[1],
    parcel_numbers: site.parcelIds.slice(0, parcels),
    quantity,
    materials: [
      {
        material_name: 'Sable et gravier',
        ground_composition: 'Alluvions du Rhin blanc/gris',
        quantity: materialQuantity,
        price: 10,
        quality_class: 'INERT_NATURAL_BACKGROUND',
        waste_code: '17 05 04',
      },
    ],
    ground_type_unknown: false,
    soil_study_delegation: true,
    accept_certification: true,
    start_date: day(30),
    end_date: day(150),
    ...(type === 'FILL' ? { receiving_use: 'UNDER_BUILDING', accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'], accepted_waste_codes: ['17 05 04'] } : {}),
  };
}
