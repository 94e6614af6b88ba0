import * as v from 'valibot';
import { matchingMessages } from './messages';

// Every constant of matching and its source. The API reads overrides from its configuration
// and passes them to `createMatchingConfig`; the defaults below are what the README documents.

/** Search radius around a listing, great-circle km (issue 11: configurable, default 50 km). */
export const DEFAULT_RADIUS_KM = 50;

/**
 * Road km per great-circle km. « Typically, driving distance is 1.3 times the crow flies » on
 * large motorway networks (S. Wang, H. M. Bette, M. Schreckenberg, T. Guhr, « How much longer do
 * you have to drive than the crow has to fly? », 2024, arXiv:2406.06490); 1.343 is the mean
 * radial detour measured over 300 European cities (Environment and Planning B, 2023,
 * doi:10.1177/23998083231168870). No France-only figure was found.
 */
export const DEFAULT_DETOUR_FACTOR = 1.3;

/**
 * kg CO2e per m³ of soil carried over 1 km of route, the empty return trip included. The FNTP /
 * Fondation FEREC study TERCO2 (« empreinte carbone des stratégies de terrassement », §4.3.4)
 * gives 0.14 to 0.2 kg CO2e/m³·km for trucks of 18–24 t and semi-trailers of 28–30 t payload at
 * 1.7 t/m³; ADEME Base Carbone's rigid 26–32 t truck, 0.105 kg CO2e/t·km, gives 0.168–0.189 at
 * 1.6–1.8 t/m³. Issue 11 fixes 0.17 as the default.
 */
export const DEFAULT_CO2_KG_PER_M3_KM = 0.17;

/** In-place soil density, t/m³ (TERCO2's hypothesis; 1.6–1.8 in French earthworks practice). */
export const DEFAULT_SOIL_DENSITY_T_PER_M3 = 1.7;

/**
 * Payload of one truck, tonnes: a four-axle rigid tipper (at most 32 t gross, Code de la route
 * art. R. 312-4) carries about 20 t, inside TERCO2's 18–24 t range for trucks. At 1.7 t/m³ a
 * trip carries 20 / 1.7 ≈ 11.76 m³ of soil in place.
 */
export const DEFAULT_TRUCK_PAYLOAD_T = 20;

/**
 * Road km the soil would travel without the match (to a landfill or an inert-waste site): a
 * platform assumption, close to the 52 km average a 2017 survey of Haute-Savoie contractors
 * measured between sites and their disposal outlet (BTP74). Configurable.
 */
export const DEFAULT_DISPOSAL_DISTANCE_KM = 50;

/** € per m³ of price gap that moves the price score from 0.5 to 1 (or to 0). */
export const DEFAULT_PRICE_SCALE_EUROS_PER_M3 = 10;

export interface ScoreWeights {
  /** Closeness: 1 − road km / (radius × detour factor). */
  distance: number;
  /** Volume: mean of the FILL's need covered and the CUT's soil placed. */
  volume: number;
  /** Period: common days / days of the shorter period. */
  overlap: number;
  /** Price: 0.5 + (offered − asked) / (2 × price scale), clamped to [0, 1]. */
  price: number;
}

export const DEFAULT_SCORE_WEIGHTS: Readonly<ScoreWeights> = { distance: 0.4, volume: 0.3, overlap: 0.15, price: 0.15 };

export interface MatchingConfig {
  radiusKm: number;
  detourFactor: number;
  co2KgPerM3Km: number;
  soilDensityTonnesPerM3: number;
  truckPayloadTonnes: number;
  disposalDistanceKm: number;
  priceScaleEurosPerM3: number;
  weights: ScoreWeights;
}

export const DEFAULT_MATCHING_CONFIG: Readonly<MatchingConfig> = {
  radiusKm: DEFAULT_RADIUS_KM,
  detourFactor: DEFAULT_DETOUR_FACTOR,
  co2KgPerM3Km: DEFAULT_CO2_KG_PER_M3_KM,
  soilDensityTonnesPerM3: DEFAULT_SOIL_DENSITY_T_PER_M3,
  truckPayloadTonnes: DEFAULT_TRUCK_PAYLOAD_T,
  disposalDistanceKm: DEFAULT_DISPOSAL_DISTANCE_KM,
  priceScaleEurosPerM3: DEFAULT_PRICE_SCALE_EUROS_PER_M3,
  weights: DEFAULT_SCORE_WEIGHTS,
};

const positive = v.pipe(v.number(matchingMessages.configPositive), v.finite(matchingMessages.configPositive), v.gtValue(0, matchingMessages.configPositive));
const nonNegative = v.pipe(
  v.number(matchingMessages.configNonNegative),
  v.finite(matchingMessages.configNonNegative),
  v.minValue(0, matchingMessages.configNonNegative),
);

/** Overrides of the defaults (each optional); weights may be given in part. */
export const matchingConfigSchema = v.pipe(
  v.object({
    radiusKm: v.optional(v.pipe(positive, v.maxValue(1000, matchingMessages.configRadiusMax))),
    detourFactor: v.optional(
      v.pipe(v.number(matchingMessages.configDetourFactor), v.minValue(1, matchingMessages.configDetourFactor), v.maxValue(3, matchingMessages.configDetourFactor)),
    ),
    co2KgPerM3Km: v.optional(nonNegative),
    soilDensityTonnesPerM3: v.optional(positive),
    truckPayloadTonnes: v.optional(positive),
    disposalDistanceKm: v.optional(nonNegative),
    priceScaleEurosPerM3: v.optional(positive),
    weights: v.optional(
      v.object({
        distance: v.optional(nonNegative),
        volume: v.optional(nonNegative),
        overlap: v.optional(nonNegative),
        price: v.optional(nonNegative),
      }),
    ),
  }),
  v.transform((input): MatchingConfig => ({
    ...DEFAULT_MATCHING_CONFIG,
    ...Object.fromEntries(Object.entries(input).filter(([key, value]) => key !== 'weights' && value !== undefined)),
    weights: {
      ...DEFAULT_SCORE_WEIGHTS,
      ...Object.fromEntries(Object.entries(input.weights ?? {}).filter(([, value]) => value !== undefined)),
    },
  })),
  v.check((config) => Object.values(config.weights).some((w) => w > 0), matchingMessages.configWeights),
);
export type MatchingConfigInput = v.InferInput<typeof matchingConfigSchema>;

/** The defaults with `overrides` applied; throws a `ValiError` (French messages) on a bad value. */
export function createMatchingConfig(overrides: MatchingConfigInput = {}): MatchingConfig {
  return v.parse(matchingConfigSchema, overrides);
}

/** m³ of soil in place one truck carries: payload / density. */
export function truckLoadM3(config: Pick<MatchingConfig, 'truckPayloadTonnes' | 'soilDensityTonnesPerM3'>): number {
  return config.truckPayloadTonnes / config.soilDensityTonnesPerM3;
}
