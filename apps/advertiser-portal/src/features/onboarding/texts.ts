import { ORGANISATION_FIELD_LABELS } from '@terres/domain';

// Onboarding (spec §2 "Onboarding (owner)", §5, §8). The fields' rules and messages are the
// domain's (`profileStepSchema`, `onboardingStep1Schema`...).
export const specTexts = {
  profileTitle: 'Mes informations',
  lastName: 'Nom',
  firstName: 'Prénom',
  phoneNumber: 'Numéro de téléphone',
  next: 'Suivant',
  thanksTitle: 'Merci pour votre inscription',
  createOrganisation: 'Créer le compte de mon organisation',
  step1Title: 'Informations légales',
  step2Title: 'Coordonnées',
  step3Title: 'Représentant légal',
  step4Title: 'Ajouter des collaborateurs',
  finish: "Terminer l'inscription",
  back: "Retour à l'étape précédente",
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
  profileSaveFailed: 'Erreur lors de la mise à jour du profil. Veuillez réessayer.',
} as const;

export const ourTexts = {
  // The organisation store's red banner (spec §8 gives them in English: 'Failed to create
  // organization'...); said in French to users (issue 21; decision 0176).
  loadFailed: 'Erreur lors du chargement de votre organisation',
  createFailed: 'Erreur lors de la création de votre organisation',
  updateFailed: 'Erreur lors de la mise à jour de votre organisation',
  refreshFailed: 'Erreur lors de l’actualisation de votre organisation',
  stepOf: 'Étape {step}/4',
  stepsLabel: 'Étapes de votre inscription',
  profileLead: 'Ces informations permettent à notre équipe de vous joindre au sujet de vos annonces.',
  thanksLead: 'Votre compte est créé.',
  thanksBody:
    'Complétez maintenant le profil de votre entreprise : ses informations légales, ses coordonnées, son représentant légal, puis, si vous le souhaitez, vos collaborateurs. Vous pourrez ensuite publier vos annonces.',
  continue: 'Continuer',
  saving: 'Enregistrement...',
  finishing: 'Vérification...',
  loading: 'Chargement de votre organisation...',
  retry: 'Réessayer',
  signOut: 'Se déconnecter',
  step1Lead: 'Les informations légales de votre entreprise, telles qu’elles figurent au registre.',
  step2Lead: 'Comment notre équipe peut joindre votre entreprise.',
  step3Lead: 'La personne qui représente légalement votre entreprise.',
  step4Lead:
    'Facultatif : invitez jusqu’à 5 collaborateurs. Chacun reçoit un e-mail pour rejoindre votre organisation ; ils pourront créer et suivre les annonces avec vous.',
  organisationEmail: "Email de l'organisation",
  representativeEmail: 'Email personnel',
  representativePhoneNumber: 'Téléphone personnel',
  invitedTitle: 'Collaborateurs invités',
  pendingInvitation: 'Invitation envoyée',
  joined: 'A rejoint l’organisation',
  noneInvited: 'Aucun collaborateur invité pour le moment.',
  membersLoadFailed: 'La liste des collaborateurs n’a pas pu être chargée.',
  stepNames: ['Informations légales', 'Coordonnées', 'Représentant légal', 'Collaborateurs'],
} as const;

// The organisation's field labels are the domain's, as on « Mon organisation » and in the console;
// the onboarding names the representative's e-mail and phone « personnel » (spec §1 step 3).
export const texts = { ...ORGANISATION_FIELD_LABELS, ...specTexts, ...ourTexts };
