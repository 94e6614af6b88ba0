// Organisations and their collaborators: the forms' messages and the API's details.
import {
  INVITATION_EMAILS_PER_ADDRESS_PER_DAY,
  INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY,
  MAX_COLLABORATORS,
} from '../constants';

export const organizationMessages = {
  // spec §5
  inviteSelf: 'Vous ne pouvez pas vous inviter vous-même',
  inviteDuplicate: 'Un employé avec cette adresse email a déjà été invité',
  inviteMax: `Vous avez atteint le nombre maximal de collaborateurs (${MAX_COLLABORATORS})`,
  // ours (issue 12): two active organisations cannot share a SIRET
  siretTaken: 'Une organisation utilise déjà ce numéro SIRET.',
  // ours
  organizationNotFound: 'Organisation introuvable.',
  alreadyHasOrganization: 'Vous avez déjà une organisation.',
  alreadyArchived: 'Cette organisation est déjà archivée.',
  organizationIsArchived: 'Cette organisation est archivée.',
  ownerOnly: "Seul le responsable de l'organisation peut la modifier.",
  userNotFound: 'Utilisateur introuvable.',
  collaboratorNotFound: 'Collaborateur introuvable.',
  noPendingInvitation: 'Aucune invitation en attente pour cette adresse email.',
  // Invitation e-mails (the API's 429 details, shown as they are by the collaborators page)
  invitationEmailTooSoon:
    "Une invitation vient d'être envoyée à cette adresse. Veuillez patienter une minute avant de la renvoyer.",
  invitationEmailsAddressDay: `Cette adresse a déjà reçu ${INVITATION_EMAILS_PER_ADDRESS_PER_DAY} invitations en 24 heures. Veuillez réessayer plus tard.`,
  invitationEmailsOrganizationDay: `Votre organisation a envoyé ${INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY} invitations en 24 heures, le maximum. Veuillez réessayer plus tard.`,
} as const;
