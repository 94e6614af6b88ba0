// Sign-in, sessions and invitations: the API's details and the sign-in screens' messages.
export const authMessages = {
  // spec §5
  otp: 'Veuillez entrer un code à 6 chiffres.',
  invitationMissing: "Lien d'invitation invalide",
  invitationExpired: "Ce lien d'invitation a expiré",
  // The spec's 'Token invalide - email manquant' and 'Token invalide' are English to users
  // (issue 21; decision 0176): the same cases, said in French.
  invitationNoSubject: "Lien d'invitation invalide : l'adresse e-mail invitée n'y figure pas. Demandez une nouvelle invitation.",
  invitationUndecodable: "Lien d'invitation invalide : il est incomplet ou a été modifié. Demandez une nouvelle invitation.",
  // CONTRACT §6: every call of a user whose organisation was archived (403)
  organizationArchived: 'Votre organisation a été archivée.',
  // CONTRACT §6: a new code too soon (429)
  codeCooldown: 'Veuillez patienter avant de demander un nouveau code.',
  // ours
  wrongCode: 'Code incorrect. Veuillez réessayer.',
  expiredCode: 'Ce code a expiré ou a déjà été utilisé. Demandez un nouveau code.',
  tooManyTries: 'Trop de tentatives. Ce code est annulé : demandez un nouveau code.',
  rateLimited: 'Trop de tentatives depuis votre connexion. Veuillez réessayer plus tard.',
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
  accountArchived: 'Votre compte a été désactivé. Contactez le responsable de votre organisation.',
  adminRevoked: "Ce compte n'a plus accès à l'administration de Bourse aux terres.",
  noOrganization: "Vous devez d'abord créer votre organisation.",
  invitationNoLongerValid: "Cette invitation n'est plus valide. Demandez une nouvelle invitation.",
  accountExists: 'Un compte existe déjà avec cette adresse email. Connectez-vous avec celle-ci.',
  refreshTokenRequired: 'Le jeton de rafraîchissement est requis.',
  // issue 20: a session-cookie call without the portals' header, or from another origin (403)
  sessionRequestRefused: "Requête refusée : elle ne vient pas d'une application Bourse aux terres.",
} as const;
