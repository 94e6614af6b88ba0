// The shared screens' texts: sign-in (spec §2 "Sign-in and registration screens", §8). `specTexts` are
// quoted from the spec word for word (texts.test.ts checks them against docs/spec.txt);
// `ourTexts` fill what the spec leaves unsaid.

export const specTexts = {
  loginTitle: 'Connexion à votre compte',
  emailLabel: 'Votre email',
  loginButton: 'Se connecter',
  sending: 'Envoi...',
  registerLink: 'Inscrivez-vous ici',
  codeTitle: 'Vérification du code',
  codeSent: 'Un code à 6 chiffres a été envoyé à {email}',
  verifying: 'Vérification...',
  changeEmail: "Changer d'email",
  registerTitle: 'Création de votre compte',
  registerButton: 'Créer mon compte',
  loginLink: 'Connectez-vous ici',
  codeSentToast: 'Un code de vérification a été envoyé à votre adresse email',
  requestFailed: "Erreur lors de l'envoi du code. Veuillez réessayer.",
  codeIncorrect: 'Code incorrect. Veuillez réessayer.',
  resendCode: 'Renvoyer le code',
} as const;

export const ourTexts = {
  productName: 'Bourse aux terres',
  tagline: 'La bourse d’échange des terres de chantier : déblais et remblais.',
  noAccount: 'Pas encore de compte ?',
  haveAccount: 'Déjà un compte ?',
  verifyButton: 'Valider le code',
  codeResent: 'Un nouveau code a été envoyé.',
  spamHint: 'Le code est valable 10 minutes. Pensez à vérifier vos courriers indésirables.',
  emailPlaceholder: 'nom@entreprise.fr',
  notFound: 'Page introuvable',
  loadFailed: 'Le chargement a échoué.',
  loadFailedHint: 'Vérifiez votre connexion puis réessayez.',
  // Under a list read down (lists/more-pages.tsx): '25 sur 130', then the button.
  shownOfTotal: '{shown} sur {total}',
  showMore: 'Voir plus',
  loadingMore: 'Chargement...',
} as const;

export const texts = { ...specTexts, ...ourTexts };
