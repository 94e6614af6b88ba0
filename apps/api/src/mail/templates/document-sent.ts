// A document sent by the platform ('Envoyés', CONTRACT §11), mailed to the organisation's users
// with a link to the listing's documents tab.
import { typeLabel } from '@terres/domain';
import { renderEmail, type RenderedEmail } from './layout.js';

export interface DocumentSentMailInput {
  projectName: string;
  type: string;
  fileName: string;
  /** `{ADVERTISER_PORTAL_URL}/user/inquiry/details/{id}/documents` */
  documentsUrl: string;
}

export function documentSentEmail(input: DocumentSentMailInput): RenderedEmail {
  const listing = `votre annonce de ${typeLabel(input.type).toLowerCase()} « ${input.projectName} »`;
  return renderEmail({
    subject: `Nouveau document pour ${listing}`,
    paragraphs: [
      `L'équipe Bourse aux terres vous a envoyé un document pour ${listing} : ${input.fileName}.`,
      "Vous le retrouverez dans l'onglet Documents de l'annonce, parmi les documents envoyés.",
    ],
    action: { label: 'Voir les documents', url: input.documentsUrl },
  });
}
