// The portal's public pages. The sign-in screen's own texts live in @terres/app-kit; the
// invitation token's messages in @terres/domain (`messages.invitation*`).
export const specTexts = {
  // Invitation screen (spec §2, §8)
  acceptTitle: "Accepter l'invitation",
  verifyAndSignIn: 'Vérifier et se connecter',
  resendCode: 'Renvoyer le code',
  backToLogin: 'Retour à la page de connexion',
  welcome: 'Bienvenue ! Vous êtes maintenant connecté',
  verifying: 'Vérification...',
  sending: 'Envoi...',
  invitationSendFailed: "Erreur lors de l'envoi du code de vérification",
  invitationCodeInvalid: 'Code de vérification invalide',
} as const;

export const ourTexts = {
  adminNoticeTitle: 'Ce portail est réservé aux annonceurs',
  adminNoticeBody:
    'Vous êtes connecté avec un compte administrateur. La gestion de la plateforme se fait dans la console des administrateurs.',
  adminNoticeLink: 'Ouvrir la console des administrateurs',
  adminNoticeRedirect: 'Redirection automatique dans quelques secondes…',
  sessionEnded: 'Votre session a expiré. Veuillez vous reconnecter.',
  invitationLoading: 'Envoi du code de vérification...',
  invitationLead: 'Vous avez été invité à rejoindre votre organisation sur Bourse aux terres avec l’adresse :',
  invitationCodeSent: 'Un code à 6 chiffres vient de vous être envoyé à cette adresse. Saisissez-le pour accepter l’invitation.',
  invitationSpamHint:
    'Le code est valable 10 minutes. Vous ne le trouvez pas ? Pensez à vérifier votre dossier de courriers indésirables (spam).',
  invitationCodeResent: 'Un nouveau code a été envoyé.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
