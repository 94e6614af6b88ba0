import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import { lineTotal, lineTotalTone, roundTo, toFiniteNumber } from './line-total';
import {
  emptyMaterialRow,
  isCompleteMaterialRow,
  MATERIAL_NAMES,
  materialRowSchema,
  priceFor,
  qualitiesFor,
  selectMaterial,
  selectQuality,
} from './materials';

describe('material catalogue', () => {
  it('lists the three materials', () => {
    expect(MATERIAL_NAMES).toEqual(['Terre Végétale', 'Sable et gravier', 'Autre']);
  });

  it.each([
    ['Terre Végétale', 'Bonne qualité', 8],
    ['Terre Végétale', 'Qualité moyenne', 2],
    ['Terre Végétale', 'Nature inconnue', 2],
    ['Sable et gravier', 'Alluvions du Rhin blanc/gris', 10],
    ['Sable et gravier', 'Alluvions des vallées et piémont faiblement limoneux', 6],
    ['Sable et gravier', 'Alluvions limoneux', -5],
    ['Sable et gravier', 'Nature inconnue', 2],
    ['Autre', 'Nature inconnue', 5],
  ])('%s / %s costs %s €/m³', (material, quality, price) => {
    expect(priceFor(material, quality)).toBe(price);
  });

  it('matches the spec spellings regardless of case', () => {
    expect(priceFor('sable et gravier', 'alluvions du rhin blanc/gris')).toBe(10);
  });

  it('has no price for unknown pairs', () => {
    expect(priceFor('Autre', 'Bonne qualité')).toBeNull();
    expect(priceFor('Béton', 'Nature inconnue')).toBeNull();
    expect(priceFor('Autre', '')).toBeNull();
    expect(priceFor(undefined, 'Nature inconnue')).toBeNull();
    expect(qualitiesFor('Autre')).toEqual(['Nature inconnue']);
    expect(qualitiesFor('Béton')).toEqual([]);
  });

  it('choosing a material resets quality and price; choosing a quality fills the price', () => {
    const row = { ...emptyMaterialRow(), quantity: 12 };
    const withQuality = selectQuality(selectMaterial(row, 'Terre Végétale'), 'Bonne qualité');
    expect(withQuality).toEqual({
      materialName: 'Terre Végétale',
      groundComposition: 'Bonne qualité',
      quantity: 12,
      price: 8,
    });
    expect(selectMaterial(withQuality, 'Autre')).toEqual({
      materialName: 'Autre',
      groundComposition: '',
      quantity: 12,
      price: null,
    });
  });
});

describe('material row schema', () => {
  const row = { materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 10, price: 5 };

  it('accepts a complete row, with or without price', () => {
    expect(isCompleteMaterialRow(row)).toBe(true);
    expect(isCompleteMaterialRow({ ...row, price: null })).toBe(true);
  });

  it('names each missing part', () => {
    expect(fieldErrors(v.safeParse(materialRowSchema, { materialName: '', groundComposition: '', quantity: 0 }))).toEqual({
      materialName: 'Veuillez choisir un matériau.',
      groundComposition: 'Veuillez choisir une qualité.',
      quantity: 'La quantité doit être supérieure à 0.',
    });
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...row, groundComposition: 'Bonne qualité' }))).toEqual({
      groundComposition: 'Veuillez choisir une qualité.',
    });
    expect(fieldErrors(v.safeParse(materialRowSchema, { ...row, price: Number.NaN }))).toEqual({
      price: 'Veuillez entrer un prix valide.',
    });
  });
});

describe('line total', () => {
  it('multiplies and rounds to 2 decimals, half away from zero', () => {
    expect(lineTotal(10, 8)).toBe(80);
    expect(lineTotal(3, 0.335)).toBe(1.01);
    expect(lineTotal(1.005, 1)).toBe(1.01);
    expect(lineTotal(0.1, 0.2)).toBe(0.02);
    expect(lineTotal(1.005, -1)).toBe(-1.01);
    expect(lineTotal(100, -5)).toBe(-500);
    expect(lineTotal(0, -5)).toBe(0);
    expect(Object.is(lineTotal(0, -5), -0)).toBe(false);
  });

  it('reads numeric strings, French comma included', () => {
    expect(lineTotal('12,5', '2')).toBe(25);
    expect(lineTotal(' 3 ', 2)).toBe(6);
  });

  it('is null when either side is not a number', () => {
    for (const bad of ['', 'abc', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(lineTotal(bad, 2)).toBeNull();
      expect(lineTotal(2, bad)).toBeNull();
    }
    expect(toFiniteNumber('1e3')).toBe(1000);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });

  it('tone: green, red, grey, dash', () => {
    expect(lineTotalTone(1)).toBe('positive');
    expect(lineTotalTone(-0.01)).toBe('negative');
    expect(lineTotalTone(0)).toBe('zero');
    expect(lineTotalTone(null)).toBe('none');
    expect(lineTotalTone(Number.NaN)).toBe('none');
  });
});
