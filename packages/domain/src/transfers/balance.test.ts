import { describe, expect, it } from 'vitest';
import { DEFAULT_SOIL_DENSITY_T_PER_M3 } from '../matching/config';
import { committedCeiling, currentLoads, departureWeight, exceedsRemaining, overRemainingMessage, receivedWeight, remainingVolumeOf, transferBalance, transferClosing, type BalanceLoad } from './balance';

// A week of a Lyon transfer expecting 1 200 m³: rigid tippers carrying about 20 t, i.e. 11.76 m³
// of soil in place at 1.7 t/m³ (the matching's truck), some weighed at the quarry's weighbridge.
const weighed: BalanceLoad = {
  id: 'L1',
  status: 'ACCEPTED',
  wasteCode: '17 05 04',
  volumeM3: 11.8,
  weightTonnes: 20.46,
  departedAt: '2027-03-09T06:42:00Z',
  receivedAt: '2027-03-09T07:31:00Z',
};
const estimatedShort: BalanceLoad = {
  id: 'L2',
  status: 'ACCEPTED',
  wasteCode: '17 05 04',
  volumeM3: 12,
  departedAt: '2027-03-09T07:15:00Z',
  receivedAt: '2027-03-09T08:02:00Z',
  receivedVolumeM3: 11.5,
};
const refused: BalanceLoad = {
  id: 'L3',
  status: 'REFUSED',
  wasteCode: '17 05 03*',
  volumeM3: 12,
  departedAt: '2027-03-10T06:50:00Z',
  receivedAt: '2027-03-10T07:40:00Z',
};
const onTheRoad: BalanceLoad = { id: 'L4', status: 'IN_TRANSIT', wasteCode: '17 05 04', volumeM3: 11.76, departedAt: '2027-03-12T13:05:00Z' };
const cancelled: BalanceLoad = { id: 'L5', status: 'CANCELLED', wasteCode: '17 05 04', volumeM3: 12, departedAt: '2027-03-11T06:30:00Z' };
const corrected1: BalanceLoad = { id: 'L6', version: 1, status: 'IN_TRANSIT', wasteCode: '17 05 04', volumeM3: 10, departedAt: '2027-03-12T13:20:00Z' };
const corrected2: BalanceLoad = { ...corrected1, version: 2, volumeM3: 12.4 };

const week = [weighed, estimatedShort, refused, onTheRoad, cancelled, corrected1, corrected2];

describe('transferBalance', () => {
  const balance = transferBalance(1200, week);

  it('counts loads: cancelled apart, a corrected load once (its latest version)', () => {
    expect(balance).toMatchObject({ loadCount: 5, inTransitCount: 2, acceptedCount: 2, refusedCount: 1, cancelledCount: 1 });
  });

  it('gives departed, received, refused, in transit, remaining and the gap', () => {
    expect(balance).toMatchObject({
      expectedVolumeM3: 1200,
      departedVolumeM3: 59.96, // 11.8 + 12 + 12 + 11.76 + 12.4
      receivedVolumeM3: 23.3, // 11.8 + 11.5 received of the 12 sent
      refusedVolumeM3: 12,
      inTransitVolumeM3: 24.16, // 11.76 + 12.4
      discrepancyVolumeM3: 0.5,
      remainingVolumeM3: 1152.54, // 1200 − 23.3 − 24.16
      overrunVolumeM3: 0,
    });
  });

  it('splits weights into REEL (weighed) and ESTIME (volume × 1.7 t/m³)', () => {
    // Received: 20.46 t weighed + 11.5 m³ × 1.7 = 19.55 t estimated.
    expect(balance.receivedWeight).toEqual({ tonnes: 40.01, realTonnes: 20.46, estimatedTonnes: 19.55, isEstimate: true });
    // Departed: 20.46 weighed; (12 + 12 + 11.76 + 12.4) × 1.7 = 81.872 estimated.
    expect(balance.departedWeight).toEqual({ tonnes: 102.332, realTonnes: 20.46, estimatedTonnes: 81.872, isEstimate: true });
  });

  it('breaks the figures down per waste code, in the register’s code order', () => {
    expect(balance.byWasteCode.map((line) => line.wasteCode)).toEqual(['17 05 04', '17 05 03*']);
    expect(balance.byWasteCode[0]).toMatchObject({ loadCount: 4, cancelledCount: 1, departedVolumeM3: 47.96, receivedVolumeM3: 23.3, refusedVolumeM3: 0 });
    expect(balance.byWasteCode[1]).toMatchObject({ loadCount: 1, departedVolumeM3: 12, refusedVolumeM3: 12, receivedVolumeM3: 0 });
  });

  it('uses the configured soil density for the estimates', () => {
    expect(DEFAULT_SOIL_DENSITY_T_PER_M3).toBe(1.7);
    expect(transferBalance(1200, week, { soilDensityTonnesPerM3: 1.8 }).receivedWeight.estimatedTonnes).toBe(20.7);
    expect(transferBalance(1200, week, { soilDensityTonnesPerM3: 0 }).receivedWeight.estimatedTonnes).toBe(19.55);
  });

  it('reports an overrun and no remaining volume beyond the expected one', () => {
    expect(transferBalance(40, week)).toMatchObject({ remainingVolumeM3: 0, overrunVolumeM3: 7.46 });
  });

  it('gives zeros for a transfer without loads', () => {
    expect(transferBalance(500, [])).toMatchObject({ loadCount: 0, departedVolumeM3: 0, remainingVolumeM3: 500, byWasteCode: [] });
    expect(transferBalance(500, []).receivedWeight).toEqual({ tonnes: 0, realTonnes: 0, estimatedTonnes: 0, isEstimate: false });
  });

  it('sums 5 000 loads without drift: more than 10 000 t of one code', () => {
    const loads: BalanceLoad[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `L${i}`,
      status: 'ACCEPTED',
      wasteCode: '17 05 03*',
      volumeM3: 11.76,
      weightTonnes: 20.02,
      departedAt: '2027-03-09T06:42:00Z',
    }));
    const big = transferBalance(60_000, loads);
    expect(big.receivedVolumeM3).toBe(58_800);
    expect(big.receivedWeight).toEqual({ tonnes: 100_100, realTonnes: 100_100, estimatedTonnes: 0, isEstimate: false });
  });

  it('counts flagged loads (recorded over the remaining volume) unless cancelled', () => {
    const flagged = transferBalance(1200, [{ ...onTheRoad, overRemaining: true }, { ...cancelled, overRemaining: true }]);
    expect(flagged.flaggedLoadCount).toBe(1);
  });
});

describe('currentLoads', () => {
  it('keeps the highest version of each load, whatever the order', () => {
    expect(currentLoads([corrected2, corrected1])).toEqual([corrected2]);
    expect(currentLoads([corrected1, corrected2, corrected2])).toEqual([corrected2]);
  });
});

describe('load weights', () => {
  it('is REEL when weighed, ESTIME otherwise', () => {
    expect(departureWeight(weighed)).toEqual({ tonnes: 20.46, estimated: false });
    expect(departureWeight(onTheRoad)).toEqual({ tonnes: 19.992, estimated: true });
    expect(receivedWeight({ ...weighed, receivedWeightTonnes: 20.1 })).toEqual({ tonnes: 20.1, estimated: false });
    expect(receivedWeight(estimatedShort)).toEqual({ tonnes: 19.55, estimated: true });
  });
});

describe('exceedsRemaining', () => {
  const balance = transferBalance(60, week); // remaining 60 − 23.3 − 24.16 = 12.54

  it('asks for confirmation only above the remaining volume', () => {
    expect(balance.remainingVolumeM3).toBe(12.54);
    expect(exceedsRemaining(balance, 12.54)).toBe(false);
    expect(exceedsRemaining(balance, 12.55)).toBe(true);
  });

  it('gives back the corrected load’s volume before comparing', () => {
    expect(exceedsRemaining(balance, 24.9, { replacingVolumeM3: 12.4 })).toBe(false);
    expect(exceedsRemaining(balance, 25, { replacingVolumeM3: 12.4 })).toBe(true);
  });

  it('is the committed volume above the ceiling, the same answer as the remaining volume gives', () => {
    // A grid of litres around the boundary: expected 100, loads of 0.001 to 30 m³.
    for (const expected of [100, 12.54, 0.5]) {
      for (const volume of [0.001, 0.5, 9.999, 10, 10.001, 30]) {
        for (let committed = 0; committed <= expected + 1; committed = Math.round((committed + 0.25) * 1000) / 1000) {
          const balance = { expectedVolumeM3: expected, receivedVolumeM3: committed / 2, inTransitVolumeM3: committed / 2 };
          const byRemaining = volume > remainingVolumeOf(balance) + 0.0005;
          expect(exceedsRemaining(balance, volume)).toBe(byRemaining);
          expect(committed > committedCeiling(expected, volume)).toBe(byRemaining);
        }
      }
    }
    expect(committedCeiling(100, 10)).toBeCloseTo(90.0005, 9);
    expect(committedCeiling(100, 0.0004)).toBe(Number.POSITIVE_INFINITY);
  });

  it('words the confirmation in French', () => {
    expect(overRemainingMessage('12,6 m³', '12,54 m³')).toBe(
      'Ce chargement de 12,6 m³ dépasse le volume restant attendu (12,54 m³) : confirmez-le ; il sera signalé à l’administrateur.',
    );
  });
});

describe('transferClosing', () => {
  it('refuses while loads are on the road, or when none was accepted', () => {
    expect(transferClosing(week)).toEqual({
      ok: false,
      message: 'Impossible de clôturer : 2 chargement(s) en route attendent leur réception ou leur annulation.',
    });
    expect(transferClosing([refused, cancelled]).ok).toBe(false);
  });

  it('moves the accepted volume, dated by the first and last accepted loads (Paris days)', () => {
    const late: BalanceLoad = { ...onTheRoad, status: 'ACCEPTED', receivedAt: '2027-03-12T23:10:00Z' };
    const done = transferClosing([weighed, estimatedShort, refused, late, cancelled, corrected1, { ...corrected2, status: 'CANCELLED' }]);
    expect(done).toEqual({
      ok: true,
      closing: {
        movedVolumeM3: 35.06, // 11.8 + 11.5 + 11.76
        movedWeight: { tonnes: 60.002, realTonnes: 20.46, estimatedTonnes: 39.542, isEstimate: true },
        acceptedLoadCount: 3,
        firstLoadDate: '2027-03-09',
        lastLoadDate: '2027-03-12',
        lastReceptionDate: '2027-03-13', // 23:10 UTC is past midnight in Paris
      },
    });
  });
});

describe('remainingVolumeOf', () => {
  it('is the expected volume minus what arrived and what is on its way, a corrected load given back, never below 0', () => {
    const balance = { expectedVolumeM3: 1200, receivedVolumeM3: 1100, inTransitVolumeM3: 60 };
    expect(remainingVolumeOf(balance)).toBe(40);
    expect(remainingVolumeOf(balance, { replacingVolumeM3: 12 })).toBe(52);
    expect(remainingVolumeOf({ ...balance, receivedVolumeM3: 1190 })).toBe(0);
  });
});
