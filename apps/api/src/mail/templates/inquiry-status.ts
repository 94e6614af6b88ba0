// Listing e-mails to the organisation's users (CONTRACT §7): submitted, validated, refused (with
// the reason) and each later status change.
import { formatCredits, statusLabel, typeLabel } from '@terres/domain';
import { renderEmail, type RenderedEmail } from './layout.js';

export interface InquiryMailInput {
  projectName: string;
  type: string;
  status: string;
  detailUrl: string;
  /** Validation: credits debited and the balance after. */
  debited?: { cost: number; balance: number };
  /** Refusal. */
  reason?: string | null;
}

export function inquiryStatusEmail(input: InquiryMailInput): RenderedEmail {
  const label = statusLabel(input.status);
  const what = `Votre annonce de ${typeLabel(input.type).toLowerCase()} « ${input.projectName} »`;
  const paragraphs: string[] = [];
  if (input.status === 'PENDING_VALIDATION') {
    paragraphs.push(`${what} a bien été soumise. Notre équipe va la vérifier ; vous serez informé(e) par e-mail de sa validation.`);
    paragraphs.push('Les crédits de cette annonce seront débités au moment de sa validation.');
  } else if (input.status === 'APPROVED') {
    paragraphs.push(`${what} a été validée : elle est maintenant visible par les professionnels de la plateforme.`);
    if (input.debited) {
      paragraphs.push(
        `${formatCredits(input.debited.cost)} ont été débités. Solde restant : ${formatCredits(input.debited.balance)}.`,
      );
    }
  } else if (input.status === 'REJECTED') {
    paragraphs.push(`${what} a été refusée.`);
    paragraphs.push(`Motif du refus : ${input.reason ?? 'non précisé'}`);
    paragraphs.push("Vous pouvez la corriger puis la soumettre à nouveau. Aucun crédit n'a été débité.");
  } else {
    paragraphs.push(`${what} a changé de statut : ${label}.`);
  }
  return renderEmail({
    subject: `${what.replace('Votre annonce', 'Annonce')} : ${label}`,
    paragraphs,
    action: { label: "Voir l'annonce", url: input.detailUrl },
  });
}
