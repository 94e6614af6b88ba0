// Where a refused listing is corrected (issue 21, D1). A refusal records the administrator's
// reason as free text (no structured part), so the part of the listing it names is read from
// its words: the wizard opens that sub-step instead of the first one. The first part named
// wins ('Le permis joint ne correspond pas aux parcelles' -> the site's permit); none named,
// null (the wizard then opens the recap, which shows every part with its 'Modifier').
import { normalizeSearchText } from '../format/search';
import type { ListingSubStep } from './fields';

/**
 * The words naming each part, as whole words of the reason in lower case without accents
 * (a trailing 's' or 'x' allowed); '*' ends a prefix ('cadastr*': cadastre, cadastrale).
 * A longer name found at the same place wins ('adresse du maitre d'ouvrage' over 'adresse').
 */
const PART_WORDS: ReadonlyArray<readonly [ListingSubStep, readonly string[]]> = [
  ['projectName', ['nom du projet', 'intitule']],
  ['projectOwner', ["maitre d'ouvrage", "maitre de l'ouvrage", 'maitrise d\'ouvrage']],
  ['projectOwnerAddress', ["adresse du maitre d'ouvrage", "adresse du maitre de l'ouvrage"]],
  ['projectOwnerSiret', ['siret', 'siren']],
  ['site', ['permis', 'autorisation', 'arrete', 'declaration prealable', 'adresse', 'adresse du chantier', 'localisation']],
  ['parcels', ['parcelle', 'cadastr*', 'reference cadastrale']],
  ['surface', ['surface', 'superficie', 'hectare']],
  ['soilStudy', ['etude de sol', 'etude des sols', 'etude geotechnique', 'diagnostic', 'analyse']],
  [
    'composition',
    ['composition', 'materiau', 'quantite', 'volume', 'prix', 'qualite', 'classe de qualite', 'code dechet', 'terres acceptees', 'usage'],
  ],
  ['availability', ['date', 'disponibilite', 'periode', 'calendrier', 'planning']],
  ['otherDocuments', ['autres documents', 'plan', 'photo']],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = PART_WORDS.flatMap(([subStep, words]) =>
  words.map((word) => {
    const prefix = word.endsWith('*');
    const body = escape(prefix ? word.slice(0, -1) : word);
    return { subStep, length: word.length, pattern: new RegExp(`(?<![a-z0-9])${body}${prefix ? '' : '[sx]?(?![a-z0-9])'}`) };
  }),
);

/** The wizard sub-step a refusal's reason names first, or null when it names none. */
export function refusalSubStep(reason: string | null | undefined): ListingSubStep | null {
  if (!reason) return null;
  const text = normalizeSearchText(reason).replace(/[’ʼ`]/g, "'");
  let best: { at: number; length: number; subStep: ListingSubStep } | null = null;
  for (const { subStep, length, pattern } of MATCHERS) {
    const at = text.search(pattern);
    if (at === -1) continue;
    if (!best || at < best.at || (at === best.at && length > best.length)) best = { at, length, subStep };
  }
  return best?.subStep ?? null;
}
