// Credits, payments and invoices: the API's details (CONTRACT §8, §9).
import { CREDITS_TOP_UP_MAX, CREDITS_TOP_UP_MIN } from '../constants';

export const paymentMessages = {
  // spec §5
  creditsAmount: `Le montant de crédits doit être entre ${CREDITS_TOP_UP_MIN} et ${CREDITS_TOP_UP_MAX}`,
  // CONTRACT §8
  insufficientBalance: 'Solde de crédits insuffisant.',
  // CONTRACT §9
  noPaymentProvider: 'Le paiement en ligne n’est pas encore configuré sur cette plateforme. Contactez le support.',
  // ours
  creditsGrantReason: 'Le motif de l’ajout de crédits est requis',
  invalidPaymentLink: 'Ce lien de paiement est invalide.',
  expiredPaymentLink: 'Ce lien de paiement a expiré. Revenez à la page d’achat de crédits.',
  archivedOrganizationPayment: 'Cette organisation est archivée : l’achat de crédits est impossible.',
  invalidPaymentForm: 'Le formulaire de paiement est invalide.',
  badStripeSignature: 'Signature Stripe invalide.',
  stripeEventInvalid: 'Événement Stripe invalide.',
  paymentProviderUnavailable: 'Le service de paiement est momentanément indisponible. Veuillez réessayer.',
  invoiceNotFound: 'Facture introuvable.',
} as const;
