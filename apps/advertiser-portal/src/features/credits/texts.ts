// Credits (spec §2 "Credit purchase", §4 "Payment success page", §8 "Packages"). The pack card's
// own texts ('Acheter ce pack', 'Recommandé') are the design system's; the success page's
// sentences are ours (the spec gives its states, not its words).
export const specTexts = {
  title: 'Acheter des crédits',
  packagesLoadFailed: 'Erreur lors du chargement des forfaits de crédits.',
  cancelled: 'Achat annulé. Vous pouvez réessayer quand vous le souhaitez.',
} as const;

export const ourTexts = {
  lead: 'Choisissez un pack : vous réglez par carte sur la page sécurisée de notre prestataire de paiement, puis vos crédits sont ajoutés au solde de votre organisation.',
  packsLabel: 'Packs de crédits',
  creditsUse: 'Les crédits servent à publier vos annonces : le coût d’une annonce est débité au moment de sa validation.',
  help: 'Une question sur les crédits ?',
  helpLink: 'Consultez l’aide',
  noPacks: 'Aucun pack de crédits n’est proposé pour le moment.',
  retry: 'Réessayer',
  loadingPacks: 'Chargement des packs...',
  // Success page
  successPageTitle: 'Paiement',
  waitingTitle: 'Confirmation de votre paiement',
  waitingText: 'Nous attendons la confirmation de votre paiement. Cela ne prend généralement que quelques secondes.',
  checking: 'Vérification du paiement...',
  elapsed: 'Vérification en cours depuis {seconds} s…',
  confirmedTitle: 'Paiement confirmé !',
  confirmedText: 'Vos crédits ont été ajoutés. Nouveau solde : {balance}.',
  countdown: 'Redirection vers vos annonces dans {seconds} s.',
  goToDashboard: 'Aller à mes annonces',
  timeoutTitle: 'Le paiement prend plus de temps que prévu',
  timeoutText:
    'Votre paiement est peut-être encore en cours de traitement : vos crédits apparaîtront dans votre solde dès sa confirmation.',
  currentBalance: 'Solde actuel : {balance}.',
  support: 'Si votre solde ne change pas d’ici quelques minutes, écrivez-nous à',
  supportEnd: 'en indiquant la date de votre achat.',
  backToDashboard: 'Retour à mes annonces',
  // A purchase started from a listing goes back to it (issue 21)
  countdownToListing: 'Retour à votre annonce dans {seconds} s.',
  backToListing: 'Revenir à votre annonce',
} as const;

export const texts = { ...specTexts, ...ourTexts };
