// The largest listing the limits allow (issue 12, "Bounded work per request"): MAX_MATERIAL_LINES
// material lines, MAX_PARCELS parcels, every text field at its maximum length with accented
// letters. Used by the limit tests and by `bench:heavy` (no vitest import: scripts load it too).
import {
  MATERIAL_CATALOGUE,
  MAX_MATERIAL_LINES,
  MAX_PARCELS,
  NAME_MAX_LENGTH,
  PROJECT_OWNER_LAST_NAME_MAX_LENGTH,
  PROJECT_OWNER_STREET_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from '@terres/domain';

/** `length` characters of French text (accents included), cut at the limit. */
export function textOf(length: number, seed = 'Réhabilitation de la friche « Éléonore » à Sélestat – lot n° 3 ; ') {
  return seed.repeat(Math.ceil(length / seed.length)).slice(0, length).trimEnd().padEnd(length, 'é');
}

/** `count` distinct parcel ids of one commune. */
export function parcelIds(count: number, commune = '68066'): string[] {
  return Array.from({ length: count }, (_, i) => `${commune}000${String.fromCharCode(65 + Math.floor(i / 10000))}B${String(i % 10000).padStart(4, '0')}`);
}

/** `count` complete CUT material lines from the catalogue (wire names). */
export function materialLines(count: number): Record<string, unknown>[] {
  const choices = MATERIAL_CATALOGUE.flatMap((material) => material.qualities.map((quality) => ({ material, quality })));
  return Array.from({ length: count }, (_, i) => {
    const { material, quality } = choices[i % choices.length]!;
    return {
      material_name: material.name,
      ground_composition: quality.label,
      quantity: 100 + i,
      price: quality.price,
      quality_class: 'INERT_NATURAL_BACKGROUND',
      waste_code: '17 05 04',
    };
  });
}

/** Every editable text field at its maximum, 50 material lines, 500 parcels (a CUT listing's fields). */
export function largestListingFields(): Record<string, unknown> {
  return {
    project_name: textOf(TEXT_MAX_LENGTH),
    project_owner_first_name: textOf(NAME_MAX_LENGTH, 'Jean-Éric '),
    project_owner_last_name: textOf(PROJECT_OWNER_LAST_NAME_MAX_LENGTH, 'de La Fontaine-Müller '),
    project_owner_street: textOf(PROJECT_OWNER_STREET_MAX_LENGTH, '12 rue de l’Église '),
    project_owner_postcode: '67600',
    project_owner_city: textOf(TEXT_MAX_LENGTH, 'Sélestat '),
    project_owner_siret: '73282932000074',
    site_address: textOf(PROJECT_OWNER_STREET_MAX_LENGTH, 'Route de Marckolsheim 67600 Sélestat '),
    site_latitude: 48.2594,
    site_longitude: 7.4542,
    parcel_numbers: parcelIds(MAX_PARCELS),
    quantity: 999.99,
    materials: materialLines(MAX_MATERIAL_LINES),
    ground_type_unknown: false,
    soil_study_delegation: true,
    accept_certification: true,
  };
}
