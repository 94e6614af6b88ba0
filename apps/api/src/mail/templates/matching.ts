// Matching alerts (issue 11): the admins get a validated listing's best matches; its
// organisation learns how many compatible sites exist; the organisations of earlier compatible
// listings learn that a new one appeared (never who: the platform puts parties in touch).
import { formatAboutKilometres, formatCo2, formatCubicMetres, formatKilometres, typeLabel } from '@terres/domain';
import { renderEmail, type RenderedEmail } from './layout.js';

export interface MatchLine {
  projectName: string;
  organizationName: string;
  roadKm: number;
  matchedM3: number;
  co2SavedKg: number;
  score: number;
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const sites = (count: number) => (count < 2 ? `${count} site compatible` : `${count} sites compatibles`);

export function bestMatchesForAdminsEmail(input: {
  projectName: string;
  type: string;
  organizationName: string;
  total: number;
  best: MatchLine[];
  consoleUrl: string;
}): RenderedEmail {
  const listing = `l'annonce de ${typeLabel(input.type).toLowerCase()} « ${input.projectName} » (${input.organizationName})`;
  return renderEmail({
    subject: `${sites(input.total)} pour « ${input.projectName} »`,
    paragraphs: [
      input.total === 0
        ? `Aucun site compatible n'a été trouvé pour ${listing}, qui vient d'être validée.`
        : `${listing.charAt(0).toUpperCase()}${listing.slice(1)} vient d'être validée : ${sites(input.total)}. Les meilleurs :`,
      ...input.best.map(
        (line, index) =>
          `${index + 1}. « ${line.projectName} » (${line.organizationName}) : ${plain(formatKilometres(line.roadKm))} par la route, ` +
          `${plain(formatCubicMetres(line.matchedM3))}, ${plain(formatCo2(line.co2SavedKg))} évités, score ${Math.round(line.score)}/100.`,
      ),
    ],
    action: { label: 'Voir les sites compatibles', url: input.consoleUrl },
  });
}

export function compatibleSitesEmail(input: { projectName: string; type: string; total: number; detailUrl: string }): RenderedEmail {
  const what = `votre annonce de ${typeLabel(input.type).toLowerCase()} « ${input.projectName} »`;
  return renderEmail({
    subject: input.total === 0 ? `Recherche de sites compatibles pour « ${input.projectName} »` : `${sites(input.total)} pour « ${input.projectName} »`,
    paragraphs: [
      input.total === 0
        ? `Aucun site compatible n'a encore été trouvé pour ${what}. Nous vous écrirons dès qu'un site compatible sera publié.`
        : `Bonne nouvelle : ${sites(input.total)} avec ${what} ${input.total < 2 ? 'a été trouvé' : 'ont été trouvés'} sur la plateforme.`,
      "L'équipe Bourse aux terres étudie les meilleures possibilités et vous proposera une mise en relation.",
    ],
    action: { label: "Voir l'annonce", url: input.detailUrl },
  });
}

export function newCompatibleSiteEmail(input: { projectName: string; type: string; roadKm: number; matchedM3: number; co2SavedKg: number; detailUrl: string }): RenderedEmail {
  const what = `votre annonce de ${typeLabel(input.type).toLowerCase()} « ${input.projectName} »`;
  return renderEmail({
    subject: `Un nouveau site compatible pour « ${input.projectName} »`,
    paragraphs: [
      `Un nouveau site compatible avec ${what} vient d'être publié, à ${plain(formatAboutKilometres(input.roadKm))} par la route : ` +
        `${plain(formatCubicMetres(input.matchedM3))} pourraient être échangés, soit ${plain(formatCo2(input.co2SavedKg))} évités.`,
      "L'équipe Bourse aux terres vous proposera une mise en relation si elle convient.",
    ],
    action: { label: "Voir l'annonce", url: input.detailUrl },
  });
}
