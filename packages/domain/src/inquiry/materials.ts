import * as v from 'valibot';
import { formObject } from '../validators/object';
import { messages } from '../messages';
import { matchingMessages } from '../matching/messages';
import { isConsistentPop, isConsistentQuality, materialQualityEntries, type PopDeclaration, type QualityClass, type WasteCode } from './soil-quality';

/** Material catalogue in euros per m³ (spec §3). A negative price: the advertiser pays the receiver. */
export const MATERIAL_CATALOGUE = [
  {
    name: 'Terre Végétale',
    qualities: [
      { label: 'Bonne qualité', price: 8 },
      { label: 'Qualité moyenne', price: 2 },
      { label: 'Nature inconnue', price: 2 },
    ],
  },
  {
    name: 'Sable et gravier',
    qualities: [
      { label: 'Alluvions du Rhin blanc/gris', price: 10 },
      { label: 'Alluvions des vallées et piémont faiblement limoneux', price: 6 },
      { label: 'Alluvions limoneux', price: -5 },
      { label: 'Nature inconnue', price: 2 },
    ],
  },
  {
    name: 'Autre',
    qualities: [{ label: 'Nature inconnue', price: 5 }],
  },
] as const;

export type MaterialName = (typeof MATERIAL_CATALOGUE)[number]['name'];
export const MATERIAL_NAMES: readonly MaterialName[] = MATERIAL_CATALOGUE.map((m) => m.name);

// Labels are matched without regard to case or Unicode form, so rows saved with the
// spec's lower-case spellings ('alluvions du rhin blanc/gris') still find their price.
function key(label: string): string {
  return label.normalize('NFC').trim().toLocaleLowerCase('fr-FR');
}

function findMaterial(materialName: string | null | undefined) {
  if (!materialName) return undefined;
  return MATERIAL_CATALOGUE.find((m) => key(m.name) === key(materialName));
}

/** Quality labels offered for a material; empty for an unknown one. */
export function qualitiesFor(materialName: string | null | undefined): readonly string[] {
  return findMaterial(materialName)?.qualities.map((q) => q.label) ?? [];
}

/** Catalogue price in €/m³, or null when the material or quality is not in the catalogue. */
export function priceFor(materialName: string | null | undefined, quality: string | null | undefined): number | null {
  if (!quality) return null;
  const found = findMaterial(materialName)?.qualities.find((q) => key(q.label) === key(quality));
  return found ? found.price : null;
}

export function isCatalogueQuality(materialName: string | null | undefined, quality: string | null | undefined): boolean {
  return priceFor(materialName, quality) !== null;
}

/**
 * A material line as edited in the wizard. `qualityClass` and `wasteCode` (2026-11-23) describe
 * a CUT line's soil; rows saved before have neither and read as UNKNOWN (`qualityClassOf`). `pop`
 * (2026-11-27) is the advertiser's declaration of persistent organic pollutants; absent: UNKNOWN (`popOf`).
 */
export interface MaterialRow {
  materialName: string;
  groundComposition: string;
  quantity: number | null;
  price: number | null;
  qualityClass?: QualityClass;
  wasteCode?: WasteCode | null;
  pop?: PopDeclaration;
}

export function emptyMaterialRow(): MaterialRow {
  return { materialName: '', groundComposition: '', quantity: null, price: null };
}

/** Choosing a material resets the quality and the price (spec §5); the quantity stays. */
export function selectMaterial<T extends MaterialRow>(row: T, materialName: string): T {
  return { ...row, materialName, groundComposition: '', price: null };
}

/** Choosing a quality fills the price from the catalogue (null when not found). */
export function selectQuality<T extends MaterialRow>(row: T, quality: string): T {
  return { ...row, groundComposition: quality, price: priceFor(row.materialName, quality) };
}

/**
 * One material line: a catalogue material and one of its qualities, a quantity in m³
 * above 0 and, when given, a finite price in €/m³ (negative allowed). The soil-quality fields
 * are optional (old rows have none), checked when present; a hazardous code never sits with the
 * natural-background class, nor does a POP declared PRESENT (issue 19). Submission asks for them on CUT lines (`soilQualityErrors`).
 */
export const materialRowSchema = v.pipe(
  formObject({
    materialName: v.pipe(
      v.string(messages.materialRequired),
      v.trim(),
      v.check((name) => findMaterial(name) !== undefined, messages.materialRequired),
    ),
    groundComposition: v.pipe(v.string(messages.qualityRequired), v.trim(), v.nonEmpty(messages.qualityRequired)),
    quantity: v.pipe(v.number(messages.quantityPositive), v.gtValue(0, messages.quantityPositive)),
    price: v.nullish(v.pipe(v.number(messages.priceInvalid), v.finite(messages.priceInvalid))),
    ...materialQualityEntries,
  }),
  v.forward(
    v.partialCheck(
      [['materialName'], ['groundComposition']],
      (row) => isCatalogueQuality(row.materialName, row.groundComposition),
      messages.qualityRequired,
    ),
    ['groundComposition'],
  ),
  v.forward(
    v.partialCheck([['qualityClass'], ['wasteCode']], (row) => isConsistentQuality(row), matchingMessages.hazardousNotInert),
    ['wasteCode'],
  ),
  v.forward(v.partialCheck([['qualityClass'], ['pop']], (row) => isConsistentPop(row), matchingMessages.popNotInert), ['pop']),
);
export type MaterialRowInput = v.InferInput<typeof materialRowSchema>;

/** Material, quality and a quantity above 0: what the composition step counts (spec §5). */
export function isCompleteMaterialRow(row: unknown): boolean {
  return v.safeParse(materialRowSchema, row).success;
}
