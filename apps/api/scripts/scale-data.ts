// Realistic data at scale for `seed:scale` (and the benchmark that reads it): French
// organisations and listings spread over mainland France, every status and type, materials
// from the catalogue, dates over three years. Deterministic: one seed, the same database.
import {
  listingCharge,
  isInertOnlyAcceptance,
  isValidSiret,
  MATERIAL_CATALOGUE,
  RECEIVING_USES,
  USE_ADMITTED_CLASSES,
  type InquiryStatus,
  type InquiryType,
  type QualityClass,
  type WasteCode,
} from '@terres/domain';

/** mulberry32: a small, fast, seeded generator (the same seed gives the same database). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  /** A UUID v4 drawn from this generator (reproducible ids). */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = (8 + Math.floor(next() * 4)).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, uuid };
}
export type Random = ReturnType<typeof createRandom>;

/** Mainland French towns: name, postcode, latitude, longitude (town centres, rounded). */
export const TOWNS: readonly (readonly [string, string, number, number])[] = [
  ['Paris', '75011', 48.8566, 2.3522], ['Marseille', '13001', 43.2965, 5.3698], ['Lyon', '69003', 45.764, 4.8357],
  ['Toulouse', '31000', 43.6047, 1.4442], ['Nice', '06000', 43.7102, 7.262], ['Nantes', '44000', 47.2184, -1.5536],
  ['Strasbourg', '67000', 48.5734, 7.7521], ['Montpellier', '34000', 43.6108, 3.8767], ['Bordeaux', '33000', 44.8378, -0.5792],
  ['Lille', '59000', 50.6292, 3.0573], ['Rennes', '35000', 48.1173, -1.6778], ['Reims', '51100', 49.2583, 4.0317],
  ['Le Havre', '76600', 49.4944, 0.1079], ['Saint-Étienne', '42000', 45.4397, 4.3872], ['Toulon', '83000', 43.1242, 5.928],
  ['Grenoble', '38000', 45.1885, 5.7245], ['Dijon', '21000', 47.322, 5.0415], ['Angers', '49000', 47.4784, -0.5632],
  ['Nîmes', '30000', 43.8367, 4.3601], ['Villeurbanne', '69100', 45.7719, 4.8902], ['Clermont-Ferrand', '63000', 45.7772, 3.087],
  ['Le Mans', '72000', 48.0061, 0.1996], ['Aix-en-Provence', '13100', 43.5297, 5.4474], ['Brest', '29200', 48.3904, -4.4861],
  ['Tours', '37000', 47.3941, 0.6848], ['Amiens', '80000', 49.8941, 2.2958], ['Limoges', '87000', 45.8336, 1.2611],
  ['Annecy', '74000', 45.8992, 6.1294], ['Perpignan', '66000', 42.6887, 2.8948], ['Metz', '57000', 49.1193, 6.1757],
  ['Besançon', '25000', 47.2378, 6.0241], ['Orléans', '45000', 47.903, 1.9093], ['Rouen', '76000', 49.4432, 1.0999],
  ['Mulhouse', '68100', 47.7508, 7.3359], ['Caen', '14000', 49.1829, -0.3707], ['Nancy', '54000', 48.6921, 6.1844],
  ['Argenteuil', '95100', 48.9472, 2.2467], ['Montreuil', '93100', 48.8638, 2.4485], ['Roubaix', '59100', 50.6942, 3.1746],
  ['Avignon', '84000', 43.9493, 4.8055], ['Poitiers', '86000', 46.5802, 0.3404], ['Pau', '64000', 43.2951, -0.3708],
  ['La Rochelle', '17000', 46.1603, -1.1511], ['Calais', '62100', 50.9513, 1.8587], ['Béziers', '34500', 43.3442, 3.2158],
  ['Colmar', '68000', 48.0794, 7.3585], ['Valence', '26000', 44.9334, 4.8924], ['Troyes', '10000', 48.2973, 4.0744],
  ['Chambéry', '73000', 45.5646, 5.9178], ['Lorient', '56100', 47.7483, -3.37], ['Niort', '79000', 46.3237, -0.4588],
  ['Quimper', '29000', 47.996, -4.1024], ['Angoulême', '16000', 45.6484, 0.1562], ['Bayonne', '64100', 43.4929, -1.4748],
  ['Cergy', '95000', 49.0364, 2.0761], ['Évry-Courcouronnes', '91000', 48.6239, 2.4294], ['Saint-Nazaire', '44600', 47.2735, -2.2138],
  ['Vannes', '56000', 47.6582, -2.7608], ['Chartres', '28000', 48.4439, 1.489], ['Blois', '41000', 47.5861, 1.3359],
  ['Bourges', '18000', 47.081, 2.3988], ['Nevers', '58000', 46.9908, 3.159], ['Auxerre', '89000', 47.7986, 3.5673],
  ['Mâcon', '71000', 46.3069, 4.8287], ['Châlons-en-Champagne', '51000', 48.9566, 4.3631], ['Charleville-Mézières', '08000', 49.762, 4.7264],
  ['Épinal', '88000', 48.1724, 6.4496], ['Belfort', '90000', 47.638, 6.8628], ['Montbéliard', '25200', 47.5099, 6.7987],
  ['Saint-Brieuc', '22000', 48.5141, -2.7603], ['Laval', '53000', 48.0707, -0.7734], ['Alençon', '61000', 48.4329, 0.0913],
  ['Cherbourg-en-Cotentin', '50100', 49.6337, -1.6222], ['Évreux', '27000', 49.0241, 1.1508], ['Beauvais', '60000', 49.4295, 2.0807],
  ['Compiègne', '60200', 49.4179, 2.8261], ['Saint-Quentin', '02100', 49.8465, 3.2876], ['Arras', '62000', 50.291, 2.7775],
  ['Dunkerque', '59140', 51.0343, 2.3768], ['Valenciennes', '59300', 50.357, 3.5235], ['Douai', '59500', 50.3714, 3.08],
  ['Périgueux', '24000', 45.1848, 0.7214], ['Agen', '47000', 44.2033, 0.6163], ['Mont-de-Marsan', '40000', 43.8902, -0.499],
  ['Tarbes', '65000', 43.2328, 0.0781], ['Auch', '32000', 43.646, 0.5857], ['Montauban', '82000', 44.0176, 1.355],
  ['Albi', '81000', 43.9289, 2.1464], ['Rodez', '12000', 44.3506, 2.575], ['Cahors', '46000', 44.4475, 1.4419],
  ['Aurillac', '15000', 44.9264, 2.4397], ['Le Puy-en-Velay', '43000', 45.0434, 3.885], ['Mende', '48000', 44.5181, 3.5],
  ['Carcassonne', '11000', 43.213, 2.3491], ['Narbonne', '11100', 43.1843, 3.0042], ['Sète', '34200', 43.4028, 3.6966],
  ['Arles', '13200', 43.6766, 4.6278], ['Gap', '05000', 44.5594, 6.0786], ['Digne-les-Bains', '04000', 44.0925, 6.2356],
  ['Draguignan', '83300', 43.5366, 6.4646], ['Fréjus', '83600', 43.433, 6.737], ['Cannes', '06400', 43.5528, 7.0174],
  ['Bourg-en-Bresse', '01000', 46.2052, 5.2255], ['Vienne', '38200', 45.5255, 4.8743], ['Roanne', '42300', 46.0341, 4.072],
  ['Vichy', '03200', 46.1277, 3.4262], ['Montluçon', '03100', 46.3404, 2.6033], ['Châteauroux', '36000', 46.8103, 1.6913],
  ['Guéret', '23000', 46.1718, 1.8717], ['Brive-la-Gaillarde', '19100', 45.1589, 1.5331], ['Saintes', '17100', 45.7464, -0.6333],
  ['Cognac', '16100', 45.6958, -0.3287], ['La Roche-sur-Yon', '85000', 46.6706, -1.426], ['Cholet', '49300', 47.06, -0.8786],
  ['Saumur', '49400', 47.26, -0.0769], ['Vendôme', '41100', 47.7928, 1.0656], ['Meaux', '77100', 48.9601, 2.8788],
  ['Melun', '77000', 48.5394, 2.66], ['Versailles', '78000', 48.8049, 2.1204], ['Créteil', '94000', 48.7904, 2.4556],
  ['Sarreguemines', '57200', 49.11, 7.069], ['Thionville', '57100', 49.3579, 6.1683], ['Haguenau', '67500', 48.8156, 7.7906],
  ['Sélestat', '67600', 48.2594, 7.4542], ['Saint-Dié-des-Vosges', '88100', 48.2849, 6.9497], ['Bar-le-Duc', '55000', 48.7727, 5.1601],
  ['Verdun', '55100', 49.1598, 5.3844], ['Chaumont', '52000', 48.1113, 5.1392], ['Lons-le-Saunier', '39000', 46.6744, 5.5547],
  ['Pontarlier', '25300', 46.9036, 6.3546], ['Vesoul', '70000', 47.6226, 6.1557], ['Annemasse', '74100', 46.1934, 6.2342],
  ['Albertville', '73200', 45.6755, 6.3925], ['Aubenas', '07200', 44.6203, 4.3903], ['Orange', '84100', 44.1381, 4.8075],
  ['Carpentras', '84200', 44.0556, 5.0481], ['Pézenas', '34120', 43.459, 3.4233], ['Alès', '30100', 44.125, 4.0811],
  ['Millau', '12100', 44.0986, 3.0783], ['Foix', '09000', 42.9653, 1.6069], ['Saint-Gaudens', '31800', 43.1081, 0.7234],
  ['Lourdes', '65100', 43.0947, -0.0458], ['Biarritz', '64200', 43.4832, -1.5586], ['Dax', '40100', 43.7102, -1.0536],
  ['Libourne', '33500', 44.9153, -0.2439], ['Bergerac', '24100', 44.8533, 0.4833], ['Sarlat-la-Canéda', '24200', 44.889, 1.2166],
  ['Figeac', '46100', 44.6086, 2.0317], ['Dole', '39100', 47.0925, 5.4898], ['Saint-Malo', '35400', 48.6493, -2.0257],
  ['Lannion', '22300', 48.7326, -3.4566], ['Morlaix', '29600', 48.5775, -3.8278], ['Granville', '50400', 48.8379, -1.5971],
  ['Lisieux', '14100', 49.1466, 0.2265], ['Dieppe', '76200', 49.9229, 1.0775], ['Abbeville', '80100', 50.1054, 1.8332],
  ['Soissons', '02200', 49.3817, 3.3236], ['Laon', '02000', 49.5641, 3.6199], ['Sedan', '08200', 49.7019, 4.9403],
  ['Épernay', '51200', 49.0401, 3.9597], ['Sens', '89100', 48.1975, 3.2833], ['Montargis', '45200', 47.9975, 2.7333],
  ['Gien', '45500', 47.6883, 2.6308], ['Vierzon', '18100', 47.2221, 2.0689], ['Issoudun', '36100', 46.9486, 1.9933],
];

const STREETS = [
  'rue de la République', 'avenue Jean-Jaurès', 'chemin des Écoliers', 'impasse des Tilleuls', 'boulevard Gambetta',
  'rue Victor-Hugo', 'allée des Châtaigniers', 'rue du Moulin', 'chemin de la Forêt', 'rue de l’Église', 'place du Marché',
  'rue Pasteur', 'rue Émile-Zola', 'quai de la Loire', 'rue des Pâquerettes', 'avenue du Général-de-Gaulle', 'rue de Verdun',
  'route de la Gare', 'rue des Forges', 'zone d’activités des Sablières', 'chemin du Château-d’Eau', 'rue Bénédicte-Serre',
  'rue de la Libération', 'avenue des Peupliers', 'rue du Stade', 'chemin des Vignes', 'rue Hélène-Boucher', 'rue des Écluses',
] as const;

const FIRST_NAMES = [
  'Élodie', 'Jérôme', 'Hélène', 'François', 'Benoît', 'Gaëlle', 'Cédric', 'Noémie', 'Loïc', 'Zoé', 'Amélie', 'Stéphane',
  'Frédéric', 'Léa', 'Chloé', 'Maël', 'Inès', 'Thérèse', 'Joël', 'Anaïs', 'Raphaël', 'Clément', 'Sébastien', 'Aurélie',
  'Jérémy', 'Mélanie', 'Valérie', 'André', 'René', 'Céline', 'Agnès', 'Étienne', 'Océane', 'Gérard', 'Hervé', 'Irène',
  'Camille', 'Julien', 'Nicolas', 'Sophie', 'Thomas', 'Manon', 'Lucas', 'Pauline', 'Hugo', 'Margaux', 'Antoine', 'Claire',
] as const;

const LAST_NAMES = [
  'Lefèvre', 'Müller', 'Gérard', 'Bélanger', 'Dubois', 'Lemaître', 'Faure', 'Rousseau', 'Mercier', 'Fournier', 'Girard',
  'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Perrin', 'Morin', 'Mathieu', 'Gauthier',
  'Dumont', 'Brunet', 'Blanchard', 'Guérin', 'Boyer', 'Garnier', 'Legrand', 'Gaillard', 'Barbier', 'Arnaud', 'Rolland',
  'Aubert', 'Hébert', 'Besnard', 'Le Goff', 'Le Gall', 'Ménard', 'Pelletier', 'Lévêque', 'Thébault', 'Crépin', 'Noël',
  'Brémond', 'Desprès', 'Joly', 'Rivière', 'Etcheverry', 'Schaeffer', 'Kieffer', 'Strauß', 'Marchal', 'Sánchez', 'Œillet',
] as const;

const TRADES = [
  'Terrassements', 'Travaux publics', 'Génie civil', 'Carrières', 'Aménagements', 'Démolition', 'Transports', 'Matériaux',
  'Recyclage des terres', 'Paysages', 'Voirie et réseaux', 'Excavations', 'Sablières', 'Granulats', 'Béton et enrobés',
  'Remblais', 'Déblais et remblais', 'TP',
] as const;

const AREAS = [
  'du Périgord', 'de l’Hérault', 'des Pyrénées', 'de la Côte d’Opale', 'du Val de Loire', 'de Bourgogne', 'du Béarn',
  'de l’Estérel', 'des Vosges', 'du Lévézou', 'de Haute-Saône', 'de l’Ariège', 'du Bas-Rhin', 'de Champagne', 'des Cévennes',
  'du Médoc', 'de Lorraine', 'de Franche-Comté', 'd’Armorique', 'de la Drôme', 'du Nivernais', 'de l’Yonne', 'des Ardennes',
  'du Pays basque', 'de Provence', 'du Comtat', 'de Savoie', 'du Limousin', 'de Gascogne', 'du Quercy', 'de Normandie',
  'de Picardie', 'du Berry', 'de Touraine', 'du Maine', 'de Vendée', 'du Poitou', 'de Saintonge', 'd’Alsace', 'du Forez',
] as const;

const LEGAL_FORMS = ['SAS', 'SARL', 'SA', 'EURL', 'SASU'] as const;

const PROJECTS = [
  'Lotissement Les Érables', 'Lotissement Le Clos des Vignes', 'Réhabilitation de la friche industrielle',
  'Construction du groupe scolaire Marie-Curie', 'Extension de la zone d’activités des Forges',
  'Création du bassin de rétention des Prés', 'Aménagement du parc des Étangs', 'Écoquartier des Rives',
  'Plateforme logistique', 'Résidence Les Tilleuls', 'Terrassement du centre aquatique', 'Merlon acoustique de la rocade',
  'Réaménagement de la place de l’Hôtel-de-Ville', 'Déviation de la route départementale', 'Parking relais de la gare',
  'Extension du collège Jules-Ferry', 'Gymnase intercommunal', 'Maison de santé pluridisciplinaire', 'Centre technique municipal',
  'Piste cyclable de la vallée', 'Remise en état de la carrière', 'Comblement de l’ancienne sablière', 'Digue du Vieux-Port',
  'Stade de football synthétique', 'Éco-hameau du Château', 'Requalification de l’avenue principale', 'Halle gourmande',
] as const;

const REFUSALS = [
  'Le document d’autorisation est illisible.',
  'Le permis joint ne correspond pas aux parcelles indiquées.',
  'La surface déclarée ne correspond pas au cadastre.',
] as const;

export const INQUIRY_STATUS_WEIGHTS: Readonly<Record<InquiryStatus, number>> = {
  DRAFT: 12,
  PENDING_VALIDATION: 10,
  APPROVED: 22,
  REJECTED: 6,
  DOUBT_CLEARED: 10,
  SITE_FOUND: 13,
  PRE_CONTRACT_SIGNED: 10,
  PROCESSED: 17,
};

function weighted<T extends string>(random: Random, weights: Readonly<Record<T, number>>): T {
  const entries = Object.entries(weights) as [T, number][];
  let roll = random.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries.at(-1)![0];
}

/** A SIRET that passes the Luhn check (the domain's `isValidSiret`). */
function siret(random: Random): string {
  for (;;) {
    const digits = Array.from({ length: 13 }, () => random.int(0, 9)).join('');
    for (let last = 0; last <= 9; last += 1) if (isValidSiret(`${digits}${last}`)) return `${digits}${last}`;
  }
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/œ/gi, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function phone(random: Random, mobile: boolean): string {
  const first = mobile ? random.pick(['06', '07']) : random.pick(['01', '02', '03', '04', '05']);
  return [first, ...Array.from({ length: 4 }, () => String(random.int(0, 99)).padStart(2, '0'))].join(' ');
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ScaleOrganization {
  id: string;
  name: string;
  registrationNumber: string;
  legalForm: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  officePhoneNumber: string;
  mobilePhoneNumber: string;
  representativeFirstName: string;
  representativeLastName: string;
  representativePosition: string;
  representativeEmail: string;
  representativePhoneNumber: string;
  verified: boolean;
  archivedAt: string | null;
  creditBalance: number;
  createdAt: string;
  town: number;
  /** OWNER first, then employees. */
  users: { id: string; email: string; role: 'OWNER' | 'EMPLOYEE'; firstName: string; lastName: string; phoneNumber: string }[];
}

export function makeOrganizations(random: Random, count: number, now: number): ScaleOrganization[] {
  const names = new Set<string>();
  const emails = new Set<string>();
  // Two active organisations cannot share a SIRET (migration 0011): draw again on a repeat.
  const sirets = new Set<string>();
  const organizations: ScaleOrganization[] = [];
  for (let i = 0; i < count; i += 1) {
    let name: string;
    do {
      const who = random.chance(0.55)
        ? `${random.pick(LAST_NAMES)}${random.pick(['', '', ' & Fils', ' Frères'])}`
        : random.pick(AREAS);
      name = `${random.pick(TRADES)} ${who} ${random.pick(LEGAL_FORMS)}`;
      if (names.has(name)) name = `${name.replace(/ \S+$/, '')} ${random.int(2, 99)} ${random.pick(LEGAL_FORMS)}`;
    } while (names.has(name));
    names.add(name);
    const town = random.int(0, TOWNS.length - 1);
    const [city, postcode] = TOWNS[town]!;
    let domain = `${slug(name.replace(/ (SAS|SARL|SA|EURL|SASU)$/, ''))}.fr`;
    while (emails.has(domain)) domain = `${random.int(1, 9)}${domain}`;
    emails.add(domain);
    const members = Array.from({ length: 1 + (random.chance(0.3) ? random.int(1, 3) : 0) }, (_, index) => {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      return {
        id: random.uuid(),
        email: `${slug(firstName)}.${slug(lastName)}.${index}@${domain}`,
        role: index === 0 ? ('OWNER' as const) : ('EMPLOYEE' as const),
        firstName,
        lastName,
        phoneNumber: phone(random, true),
      };
    });
    const owner = members[0]!;
    let registrationNumber = siret(random);
    while (sirets.has(registrationNumber)) registrationNumber = siret(random);
    sirets.add(registrationNumber);
    organizations.push({
      id: random.uuid(),
      name,
      registrationNumber,
      legalForm: name.split(' ').at(-1)!,
      street: `${random.int(1, 180)} ${random.pick(STREETS)}`,
      postcode,
      city,
      email: `contact@${domain}`,
      officePhoneNumber: phone(random, false),
      mobilePhoneNumber: phone(random, true),
      representativeFirstName: owner.firstName,
      representativeLastName: owner.lastName,
      representativePosition: random.pick(['Président', 'Directrice générale', 'Gérant', 'Gérante', 'Responsable travaux']),
      representativeEmail: owner.email,
      representativePhoneNumber: owner.phoneNumber,
      verified: random.chance(0.8),
      archivedAt: random.chance(0.03) ? new Date(now - random.int(1, 300) * DAY).toISOString() : null,
      creditBalance: random.int(0, 60) * 10,
      createdAt: new Date(now - random.int(400, 1200) * DAY).toISOString(),
      town,
      users: members,
    });
  }
  return organizations;
}

export interface ScaleListing {
  id: string;
  organizationId: string;
  userId: string;
  type: InquiryType;
  status: InquiryStatus;
  projectName: string;
  projectOwnerFirstName: string | null;
  projectOwnerLastName: string | null;
  projectOwnerStreet: string | null;
  projectOwnerPostcode: string | null;
  projectOwnerCity: string | null;
  projectOwnerSiret: string | null;
  siteAddress: string | null;
  siteLatitude: number | null;
  siteLongitude: number | null;
  parcelNumbers: string[];
  quantity: number | null;
  materials: { materialName: string; groundComposition: string; quantity: number; price: number; qualityClass: QualityClass; wasteCode: WasteCode | null }[];
  groundTypeUnknown: boolean;
  /** FILL only (issue 11); null and empty lists on a CUT. */
  receivingUse: string | null;
  acceptedQualityClasses: QualityClass[];
  acceptedWasteCodes: WasteCode[];
  soilStudyDelegation: boolean;
  acceptCertification: boolean;
  startDate: string | null;
  endDate: string | null;
  cost: number;
  rejectionReason: string | null;
  submittedAt: string | null;
  validatedAt: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A CUT line's soil quality: mostly natural inert soil under 17 05 04 (issue 11). */
function lineQuality(random: Random): { qualityClass: QualityClass; wasteCode: WasteCode | null } {
  const qualityClass = weighted<QualityClass>(random, { INERT_NATURAL_BACKGROUND: 50, SUITED_TO_USES: 25, CASE_BY_CASE: 10, UNKNOWN: 15 });
  if (qualityClass === 'UNKNOWN') return { qualityClass, wasteCode: random.chance(0.5) ? null : '17 05 04' };
  const codes: Record<WasteCode, number> =
    qualityClass === 'INERT_NATURAL_BACKGROUND'
      ? { '17 05 04': 85, '20 02 02': 10, '17 05 06': 5, '17 05 03*': 0, '17 05 05*': 0 }
      : { '17 05 04': 70, '20 02 02': 10, '17 05 06': 5, '17 05 03*': 12, '17 05 05*': 3 };
  return { qualityClass, wasteCode: weighted(random, codes) };
}

/** A FILL listing's acceptance: a use, the classes it admits (natural inert always), codes. */
function acceptance(random: Random): Pick<ScaleListing, 'receivingUse' | 'acceptedQualityClasses' | 'acceptedWasteCodes'> {
  const use = random.pick(RECEIVING_USES);
  const classes = USE_ADMITTED_CLASSES[use].filter((c) => c === 'INERT_NATURAL_BACKGROUND' || random.chance(0.5));
  const codes: WasteCode[] = ['17 05 04'];
  if (random.chance(0.5)) codes.push('20 02 02');
  if (random.chance(0.2)) codes.push('17 05 06');
  if (!isInertOnlyAcceptance({ receivingUse: use, acceptedQualityClasses: classes }) && random.chance(0.15)) codes.push('17 05 03*');
  return { receivingUse: use, acceptedQualityClasses: classes, acceptedWasteCodes: codes };
}

export interface ListingOptions {
  /** Multiplies the spread of sites around their town (1: a town's outskirts, ±13 km north-south;
   * 4: the whole département around it). */
  spread?: number;
}

/**
 * Listings of `organizations`, unevenly shared (a few large companies, many small ones), half
 * near each organisation's town and half anywhere in France.
 */
export function makeListings(
  random: Random,
  organizations: readonly ScaleOrganization[],
  count: number,
  now: number,
  options: ListingOptions = {},
): ScaleListing[] {
  const spread = options.spread ?? 1;
  // Zipf-like weights: the k-th organisation has 1/k^0.8 of the first one's listings.
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < organizations.length; k += 1) {
    total += 1 / (k + 1) ** 0.8;
    cumulative.push(total);
  }
  const pickOrganization = () => {
    const roll = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < roll) lo = mid + 1;
      else hi = mid;
    }
    return organizations[lo]!;
  };

  const listings: ScaleListing[] = [];
  for (let i = 0; i < count; i += 1) {
    const organization = pickOrganization();
    const type: InquiryType = random.chance(0.55) ? 'CUT' : 'FILL';
    const status = weighted(random, INQUIRY_STATUS_WEIGHTS);
    const draft = status === 'DRAFT';
    const town = TOWNS[random.chance(0.5) ? organization.town : random.int(0, TOWNS.length - 1)]!;
    const [city, postcode, lat, lng] = town;
    const located = !draft || random.chance(0.6);
    const surface = random.chance(0.1) ? null : Math.round((0.2 + random.next() ** 2 * 60) * 100) / 100;
    const createdAt = now - random.int(0, 3 * 365) * DAY - random.int(0, DAY - 1);
    const updatedAt = Math.min(now, createdAt + random.int(0, 60) * DAY + random.int(0, DAY - 1));
    const start = createdAt + random.int(10, 200) * DAY;
    const ownerFirst = random.pick(FIRST_NAMES);
    const ownerLast = random.pick(LAST_NAMES);
    const ownerTown = TOWNS[random.int(0, TOWNS.length - 1)]!;
    const unknownGround = random.chance(0.1);
    const materials = unknownGround
      ? []
      : Array.from({ length: random.int(draft ? 0 : 1, 3) }, () => {
          const material = random.pick(MATERIAL_CATALOGUE);
          const quality = random.pick<{ label: string; price: number }>(material.qualities);
          const soil = type === 'CUT' ? lineQuality(random) : { qualityClass: 'UNKNOWN' as const, wasteCode: null };
          return { materialName: material.name, groundComposition: quality.label, quantity: random.int(5, 400) * 50, price: quality.price, ...soil };
        });
    const accepts = type === 'FILL' ? acceptance(random) : { receivingUse: null, acceptedQualityClasses: [], acceptedWasteCodes: [] };
    const insee = `${postcode.slice(0, 2)}${String(random.int(1, 999)).padStart(3, '0')}`;
    const member = random.pick(organization.users);
    listings.push({
      id: random.uuid(),
      organizationId: organization.id,
      userId: member.id,
      type,
      status,
      projectName: `${random.pick(PROJECTS)}${random.chance(0.5) ? ` – ${city}` : ''}${random.chance(0.15) ? ` – tranche ${random.int(2, 5)}` : ''}`,
      projectOwnerFirstName: draft && random.chance(0.3) ? null : ownerFirst,
      projectOwnerLastName: draft && random.chance(0.3) ? null : ownerLast,
      projectOwnerStreet: `${random.int(1, 120)} ${random.pick(STREETS)}`,
      projectOwnerPostcode: ownerTown[1],
      projectOwnerCity: ownerTown[0],
      projectOwnerSiret: siret(random),
      siteAddress: located ? `${random.int(1, 250)} ${random.pick(STREETS)} ${postcode} ${city}` : null,
      siteLatitude: located ? Math.round((lat + (random.next() - 0.5) * 0.24 * spread) * 1e5) / 1e5 : null,
      siteLongitude: located ? Math.round((lng + (random.next() - 0.5) * 0.34 * spread) * 1e5) / 1e5 : null,
      parcelNumbers: located
        ? Array.from({ length: random.int(1, 4) }, () => `${insee}000${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}${String(random.int(1, 9999)).padStart(4, '0')}`)
        : [],
      quantity: surface,
      materials,
      groundTypeUnknown: unknownGround,
      ...accepts,
      soilStudyDelegation: random.chance(0.45),
      acceptCertification: !draft,
      startDate: draft && random.chance(0.4) ? null : isoDay(start),
      endDate: draft && random.chance(0.4) ? null : isoDay(start + random.int(30, 400) * DAY),
      cost: listingCharge(type, surface),
      rejectionReason: status === 'REJECTED' ? random.pick(REFUSALS) : null,
      submittedAt: draft ? null : new Date(Math.min(updatedAt, createdAt + DAY)).toISOString(),
      validatedAt: ['DRAFT', 'PENDING_VALIDATION', 'REJECTED'].includes(status) ? null : new Date(updatedAt).toISOString(),
      deletedAt: draft && random.chance(0.08) ? new Date(updatedAt).toISOString() : null,
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(updatedAt).toISOString(),
    });
  }
  return listings;
}
