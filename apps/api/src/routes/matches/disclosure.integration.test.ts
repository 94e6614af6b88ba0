// What an advertiser learns of a counterpart before a match is accepted (issue 20, High): the
// review's attack over HTTP. An advertiser with three validated CUT listings reads their
// compatible sites and tries to place and price the one FILL around: with the coarse view
// (domain `rankForAdvertiser`) a counterpart moved 300 m within its grid cell, or priced
// 0.5 €/m³ higher within its band, gives the very same answers, while its exact figures (the
// admin's) differ. The sites are in the Landes, where no other test file puts any.
import { DEFAULT_MATCHING_CONFIG, formatAboutKilometres, greatCircleDistanceKm } from '@terres/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, chooseNotificationModes, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { ANY_TOPSOIL, validatedListing, walkTo } from '../../../test/helpers/matching.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let admin: string;
let spy: OwnerFixture;
let victim: OwnerFixture;
let own: string[];

// The counterpart's grid cell is [43.90, 43.92) × [-0.51, -0.48) (0.02° × 0.03°); its sites stay
// well inside it. 300 m north is 0.0027° of latitude.
const SITE = { latitude: 43.905, longitude: -0.495 };
const SITE_300_M_NORTH = { latitude: 43.9077, longitude: -0.495 };
// The spy's own sites, 10 to 25 km around it.
const OWN_SITES = [
  { latitude: 43.8, longitude: -0.6 },
  { latitude: 43.95, longitude: -0.3 },
  { latitude: 44.05, longitude: -0.65 },
];

interface Site {
  roadKm: number;
  matchedM3: number;
  overlap: { fromMonth: string; toMonth: string; weeks: number };
  trips: number;
  co2SavedKg: number;
  truckKmSaved: number;
}

/** A FILL of the victim at `site`, offering `price` €/m³ for 600 m³ of any topsoil. */
function counterpart(name: string, site: { latitude: number; longitude: number }, price: number): Promise<string> {
  return validatedListing(api, victim, { type: 'FILL', name, ...site, quantity: 600, fields: { materials: [{ ...ANY_TOPSOIL, price, quantity: 600 }] } });
}

/** What the spy reads for each of its three listings (the whole answers). */
async function spyAnswers(): Promise<unknown[]> {
  const answers = [];
  for (const id of own) {
    const res = await api.request('GET', `/inquiries/${id}/matches`, { token: spy.token });
    expect(res.status).toBe(200);
    expectResponseMatches('GET', '/inquiries/{id}/matches', 200, res.body);
    answers.push(res.body);
  }
  return answers;
}

/** The exact figures an admin reads for the spy's listings. */
async function exactFigures(): Promise<{ score: number; distance: { roadKm: number }; co2: { savedKg: number; emittedKg: number }; counterpart: { id: string } }[]> {
  const figures = [];
  for (const id of own) {
    const res = await api.request('GET', `/inquiries/${id}/matches`, { token: admin });
    expect(res.body.items).toHaveLength(1);
    figures.push(res.body.items[0]);
  }
  return figures;
}

beforeAll(async () => {
  api = await startApiForTest();
  admin = await adminToken(api);
  spy = await createOwner(api, { name: 'Terrassements curieux', credits: 500 });
  victim = await createOwner(api, { name: 'Aménageur landais', credits: 500 });
  // Matching news read as it happens (by default it waits for the daily summary).
  await chooseNotificationModes(api, spy.token, { MATCH: 'IMMEDIATE' });
  own = [];
  for (const [index, site] of OWN_SITES.entries()) own.push(await validatedListing(api, spy, { type: 'CUT', name: `Déblai landais ${index + 1}`, ...site }));
});

afterAll(async () => {
  await api?.close();
});

describe('an advertiser cannot locate or price a counterpart from its matching figures', () => {
  let first: unknown[];
  let firstExact: Awaited<ReturnType<typeof exactFigures>>;
  let fill: string;

  it('answers coarse figures only: no identity, score, price or exact date; no field equal to the exact one', async () => {
    fill = await counterpart('Remblai de Mont-de-Marsan', SITE, 2.6);
    first = await spyAnswers();
    firstExact = await exactFigures();
    for (const [index, answer] of (first as { total: number; items: unknown[]; sites: Site[] }[]).entries()) {
      expect(answer.total).toBe(1);
      expect(answer.items).toEqual([]);
      const [site] = answer.sites;
      const exact = firstExact[index]!;
      expect(exact.counterpart.id).toBe(fill);
      expect(Number.isInteger(site!.roadKm)).toBe(true);
      expect(site!.roadKm).not.toBe(exact.distance.roadKm);
      expect(site!.co2SavedKg).not.toBe(exact.co2.savedKg);
      const text = JSON.stringify(answer);
      for (const hidden of [fill, 'Aménageur', 'Mont-de-Marsan', '"score"', 'price', 'emittedKg', 'greatCircleKm', String(SITE.latitude)]) expect(text).not.toContain(hidden);
      expect(text).not.toMatch(/"\d{4}-\d{2}-\d{2}"/);
      // The review's inversion (CO2e / (m³ × factor)) now gives back the whole km shown, nothing finer.
      const inverted = DEFAULT_MATCHING_CONFIG.disposalDistanceKm - site!.co2SavedKg / (site!.matchedM3 * DEFAULT_MATCHING_CONFIG.co2KgPerM3Km);
      expect(Math.abs(inverted - site!.roadKm)).toBeLessThan(0.01);
    }
  });

  it('mails the spy the same coarse distance as its portal shows', async () => {
    const [answer] = first as { sites: Site[] }[];
    const mail = await api.smtp.waitForMessage(spy.email, (m) => m.subject === 'Un nouveau site compatible pour « Déblai landais 1 »');
    expect(mail.text.replace(/\s/g, ' ')).toContain(`à ${formatAboutKilometres(answer!.sites[0]!.roadKm).replace(/\s/g, ' ')} par la route`);
    expect(mail.text).not.toContain('Aménageur');
  });

  it('answers the same for the counterpart moved 300 m, whose exact figures differ', async () => {
    await walkTo(api, fill, 'PROCESSED');
    const moved = await counterpart('Remblai de Mont-de-Marsan', SITE_300_M_NORTH, 2.6);
    expect(greatCircleDistanceKm(SITE, SITE_300_M_NORTH)).toBeCloseTo(0.3, 2);
    const movedExact = await exactFigures();
    expect(movedExact.map((figure) => figure.counterpart.id)).toEqual([moved, moved, moved]);
    expect(movedExact.map((figure) => figure.co2.emittedKg)).not.toEqual(firstExact.map((figure) => figure.co2.emittedKg));
    expect(await spyAnswers()).toEqual(first);
    // Trilateration from the three answers cannot tell the two sites apart: whatever position
    // the spy infers, it is at least 150 m off one of them (and the whole ~2 km cell answers the
    // same: domain test 'defeats trilateration').
    await walkTo(api, moved, 'PROCESSED');
  });

  it('answers the same for the counterpart offering 0.5 €/m³ more, whose exact score differs', async () => {
    const dearer = await counterpart('Remblai de Mont-de-Marsan', SITE, 3.1);
    const dearerExact = await exactFigures();
    expect(dearerExact.map((figure) => figure.counterpart.id)).toEqual([dearer, dearer, dearer]);
    expect(dearerExact.map((figure) => figure.score)).not.toEqual(firstExact.map((figure) => figure.score));
    expect(await spyAnswers()).toEqual(first);
  });
});
