// The collaborator invitation field, shared by the collaborators page and onboarding step 4
// (spec §5 "Invite collaborator", §8 "Collaborators"). The rules' messages are the domain's
// (`validateInvite`); the toasts are here.
export const specTexts = {
  inviteSuccess: 'Invitation envoyée avec succès',
  inviteFailed: "Erreur lors de l'envoi de l'invitation",
} as const;

export const ourTexts = {
  emailLabel: 'Adresse email du collaborateur',
  emailPlaceholder: 'prenom.nom@entreprise.fr',
  send: "Envoyer l'invitation",
  sending: 'Envoi...',
  remainingOne: 'Vous pouvez encore inviter 1 collaborateur.',
  remainingMany: 'Vous pouvez encore inviter {count} collaborateurs.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
