import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_MATERIAL_LINES, MAX_PARCELS } from '../constants';
import { messages } from '../messages';
import { fieldErrors } from '../validators/field-errors';
import { createInquiryPatchSchema } from './patch';

const now = new Date('2026-11-22T10:00:00Z');
const schema = createInquiryPatchSchema({ now });

function errorsOf(input: Record<string, unknown>) {
  return fieldErrors(v.safeParse(schema, input));
}

describe('inquiry draft patch', () => {
  it('accepts a partial draft and clears blank fields', () => {
    const result = v.parse(schema, { projectOwnerCity: '  ', projectOwnerPostcode: '', quantity: null, siteLatitude: 47.75 });
    expect(result).toEqual({ projectOwnerCity: null, projectOwnerPostcode: null, quantity: null, siteLatitude: 47.75 });
  });

  it('keeps the project name required', () => {
    expect(errorsOf({ projectName: ' ' })).toEqual({ projectName: 'Project name is required' });
  });

  it('checks each field that carries a value', () => {
    expect(errorsOf({ projectOwnerPostcode: '00000' }).projectOwnerPostcode).toBe('Veuillez entrer un code postal valide (5 chiffres).');
    expect(errorsOf({ projectOwnerSiret: '73282932000075' }).projectOwnerSiret).toBe('Le numéro SIRET est invalide.');
    expect(errorsOf({ quantity: 0 }).quantity).toBe('La surface doit être supérieure à 0.');
    expect(errorsOf({ quantity: 1000.5 }).quantity).toBe('La surface ne doit pas dépasser 1000 ha.');
    expect(errorsOf({ siteLongitude: 181 }).siteLongitude).toBe('Les coordonnées du site sont invalides.');
    expect(errorsOf({ parcelNumbers: ['123'] })['parcelNumbers.0']).toBe('Identifiant de parcelle invalide (14 caractères alphanumériques).');
    expect(errorsOf({ startDate: '2026-11-21' }).startDate).toBe("La date ne peut pas être antérieure à aujourd'hui.");
    expect(errorsOf({ endDate: '2028-11-23' }).endDate).toBe('La date ne peut pas être postérieure au 22/11/2028.');
    expect(errorsOf({ groundTypeUnknown: 'oui' }).groundTypeUnknown).toBe('Ce champ doit valoir vrai ou faux.');
  });

  it('accepts material rows in snake_case from the catalogue, and refuses others', () => {
    const ok = v.parse(schema, {
      materials: [{ material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 120, price: 8 }],
    });
    expect(ok.materials).toEqual([{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 120, price: 8 }]);
    const bad = errorsOf({ materials: [{ material_name: 'Béton', ground_composition: 'x', quantity: 0, price: 1 }] });
    expect(bad['materials.0.materialName']).toBe('Veuillez choisir un matériau.');
    expect(bad['materials.0.quantity']).toBe('La quantité doit être supérieure à 0.');
  });

  it('bounds the lists: 50 material lines, 500 parcels, each vocabulary once', () => {
    const row = { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 1, price: 8 };
    expect(errorsOf({ materials: Array(MAX_MATERIAL_LINES).fill(row) })).toEqual({});
    expect(errorsOf({ materials: Array(MAX_MATERIAL_LINES + 1).fill(row) })).toEqual({ materials: messages.materialLinesMax });
    const parcel = (i: number) => `68224000AB${String(i).padStart(4, '0')}`;
    expect(errorsOf({ parcelNumbers: Array.from({ length: MAX_PARCELS }, (_, i) => parcel(i)) })).toEqual({});
    expect(errorsOf({ parcelNumbers: Array.from({ length: MAX_PARCELS + 1 }, (_, i) => parcel(i)) })).toEqual({
      parcelNumbers: messages.parcelsMax,
    });
    // Over the limit, the items are not even read: one issue, not one per bad item.
    expect(errorsOf({ parcelNumbers: Array(100_000).fill('x') })).toEqual({ parcelNumbers: messages.parcelsMax });
    expect(errorsOf({ parcelNumbers: [`68 2240 00AB 0123${' '.repeat(40)}`] })['parcelNumbers.0']).toBe(messages.parcelId);
    expect(errorsOf({ acceptedWasteCodes: Array(6).fill('17 05 04') }).acceptedWasteCodes).toBe('Ce champ accepte au plus 5 valeurs.');
  });
});
