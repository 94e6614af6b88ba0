export type InquiryType = 'CUT' | 'FILL';
export const INQUIRY_TYPES: readonly InquiryType[] = ['CUT', 'FILL'];

/** CUT (déblai) or FILL (remblai), as sent on the wire; anything else is not a listing type. */
export function isInquiryType(value: unknown): value is InquiryType {
  return (INQUIRY_TYPES as readonly unknown[]).includes(value);
}

/** Base price up to 5 ha, then the price of each started 5 ha tranche (spec §9). */
export const COST_TABLE: Readonly<Record<InquiryType, { base: number; perTranche: number }>> = {
  CUT: { base: 50, perTranche: 30 },
  FILL: { base: 10, perTranche: 6 },
};
export const COST_BASE_SURFACE_HA = 5;
export const COST_TRANCHE_HA = 5;

// Below a billionth of a tranche the excess is floating-point noise (10.000000000000002 ha),
// not a started tranche.
const TRANCHE_EPSILON = 1e-9;

/**
 * Listing cost in credits. CUT: 50 up to 5 ha, plus 30 per started 5 ha above; FILL: 10,
 * plus 6. Null when the cost cannot be known: unknown type, or a surface that is not a
 * number above 0 (the wizard requires surface > 0 before submission).
 */
export function inquiryCost(type: string, surfaceHa: number | null | undefined): number | null {
  if (!isInquiryType(type)) return null;
  if (typeof surfaceHa !== 'number' || !Number.isFinite(surfaceHa) || surfaceHa <= 0) return null;
  const { base, perTranche } = COST_TABLE[type];
  const excess = surfaceHa - COST_BASE_SURFACE_HA;
  if (excess <= 0) return base;
  const tranches = Math.ceil(excess / COST_TRANCHE_HA - TRANCHE_EPSILON);
  return base + perTranche * Math.max(tranches, 0);
}

/**
 * What a listing is charged (stored as its `cost`, shown, debited at validation): the formula,
 * or the base price while the surface is not known yet (a draft), so a listing never shows or
 * costs 0 credits; 0 only for a type that is not CUT or FILL (which the API refuses anyway).
 */
export function listingCharge(type: string, surfaceHa: number | null | undefined): number {
  return inquiryCost(type, surfaceHa) ?? (isInquiryType(type) ? COST_TABLE[type].base : 0);
}
