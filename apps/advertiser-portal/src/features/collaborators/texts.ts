// Collaborators page (spec §2 "Collaborators page", §5, §8). The invitation field and its toasts
// are the app's shared component (src/components/invite-collaborator); its rules the domain's.
export const specTexts = {
  title: 'Collaborateurs',
  empty: 'Aucun collaborateur pour le moment',
  resend: 'Renvoyer',
  resendSuccess: 'Invitation renvoyée avec succès',
  resendFailed: "Erreur lors du renvoi de l'invitation",
  loadFailed: 'Erreur lors du chargement des collaborateurs',
  deleteSuccess: 'Collaborateur supprimé avec succès',
  deleteFailed: 'Erreur lors de la suppression du collaborateur',
  cancel: 'Annuler',
} as const;

export const ourTexts = {
  lead: 'Vos collaborateurs créent et suivent les annonces de votre organisation avec vous. Vous pouvez en inviter jusqu’à 5.',
  listLabel: 'Vos collaborateurs',
  noName: '-',
  pending: 'Invitation en attente',
  delete: 'Supprimer',
  resendTitle: 'Renvoyer l’invitation ?',
  resendDescription: 'Un nouvel e-mail d’invitation sera envoyé à {email}.',
  resending: 'Envoi...',
  deleteTitle: 'Supprimer ce collaborateur ?',
  deleteDescription: '{email} n’aura plus accès aux annonces de votre organisation.',
  withdrawTitle: 'Retirer cette invitation ?',
  withdrawDescription: 'Le lien envoyé à {email} ne permettra plus de rejoindre votre organisation.',
  deleting: 'Suppression...',
  retry: 'Réessayer',
  loading: 'Chargement des collaborateurs...',
} as const;

export const texts = { ...specTexts, ...ourTexts };
