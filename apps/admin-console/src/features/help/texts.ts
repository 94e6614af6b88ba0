// The console's help page (spec §1, §2: a help page with collapsible FAQ items; /help is open to
// admins). The advertisers' FAQ (@terres/app-kit) speaks of their own listings; the admins get
// theirs: their day's tasks, in the console's words (issue 21). The spec gives no sentence here.
export const specTexts = {} as const;

/** An answer: paragraphs, and lists (an array of items). */
export type HelpAnswer = readonly (string | readonly string[])[];

export interface AdminHelpItem {
  /** '/help#<value>' opens the page on it. */
  value: string;
  question: string;
  answer: HelpAnswer;
}

/** The admins' questions, in the order of their work. */
export const ADMIN_HELP_ITEMS: readonly AdminHelpItem[] = [
  {
    value: 'validate',
    question: 'Comment valider ou refuser une annonce ?',
    answer: [
      'Une annonce soumise attend au statut « En attente de validation ». Leur nombre s’affiche dans le menu, à « Annonces à valider », qui ouvre la liste des annonces filtrée sur ce statut.',
      'Ouvrez l’annonce et contrôlez la « Vue d’ensemble » (chantier, parcelles, composition du sol), les « Informations administratives » (maître d’ouvrage, SIRET, organisation annonceuse) et les « Documents » déposés.',
      'Dans « Gestion de l’annonce », choisissez « Validée » dans « Changer le statut ». La confirmation donne le coût de l’annonce en crédits et le solde de l’organisation avant et après : les crédits sont débités à la validation. Si le solde ne suffit pas, rien ne change : ajoutez des crédits à l’organisation, puis validez de nouveau.',
      'Pour refuser, choisissez « Refusée » et écrivez le motif, obligatoire. Il est envoyé par e-mail aux utilisateurs de l’organisation, qui corrigent l’annonce et la soumettent à nouveau. Un refus ne coûte aucun crédit.',
      'La confirmation vous prévient si l’organisation n’est pas encore vérifiée ou si elle est archivée.',
    ],
  },
  {
    value: 'verify',
    question: 'Comment vérifier une organisation ?',
    answer: [
      'Les organisations à contrôler sont comptées dans le menu, à « Organisations à vérifier ». Ouvrez la fiche de l’organisation depuis « Organisations ».',
      'Contrôlez sa raison sociale, son SIRET, son siège social et son représentant légal ; corrigez-les au besoin avec « Modifier », puis « Enregistrer ».',
      'Cochez « Organisation vérifiée » : c’est enregistré aussitôt, et se retire en décochant la case.',
      '« Archiver cette organisation » coupe immédiatement l’accès de tous ses utilisateurs et retire ses annonces de la mise en relation. C’est définitif.',
    ],
  },
  {
    value: 'matches',
    question: 'Comment mettre en relation un déblai et un remblai ?',
    answer: [
      'Dans « Gestion de l’annonce », « Sites compatibles » classe par score les annonces validées de l’autre type, à portée, sur une période commune et dont les terres sont acceptées : distance par la route, volume, rotations de camions, CO₂ évité, équilibre des prix. « Voir sur la carte » trace le trajet entre les deux sites.',
      'Cliquez sur « Proposer » pour le site retenu : les chiffres du moment sont conservés avec la proposition. Quand les deux parties sont d’accord, cliquez sur « Acceptée par les parties » : le transfert s’ouvre. Sinon, « Refusée ». Passez aussi l’annonce au statut « Site compatible trouvé » dans « Changer le statut » (après la levée de doute).',
      'Trois documents se génèrent en PDF depuis « Documents de la mise en relation » ; chacun est rangé dans les documents « Envoyés » de l’annonce et envoyé par e-mail à l’organisation :',
      [
        '« Lettre de levée de doute » : pour une annonce « Validée », elle la fait passer en « Levée de doute envoyée » ;',
        '« Pré-contrat » : pour une annonce « Site compatible trouvé » dont la mise en relation est acceptée, il fait passer les deux annonces en « Transaction en cours » ;',
        '« Contrat » : le contrat de cession, une fois ses références renseignées par chaque partie, ou par vous, sur la page du transfert.',
      ],
      'Un transfert fait hors de la plateforme s’enregistre avec « Transfert réalisé » et le volume transporté ; il ne figure pas dans le registre exporté.',
    ],
  },
  {
    value: 'transfers',
    question: 'Comment suivre et clôturer un transfert ?',
    answer: [
      '« Transferts » liste les transferts des mises en relation acceptées ; le filtre « Écart » montre ceux qui demandent une vérification.',
      'La page d’un transfert donne son bilan (volumes attendu, parti, reçu, refusé, en route et restant), les deux sites, les références du contrat de cession et chaque chargement : le site de déblais enregistre le départ du camion, le site de remblai sa réception ou son refus motivé. Un chargement qui dépasse le volume restant est signalé ; « Corrections » montre l’historique d’un bon modifié.',
      '« Clôturer le transfert » termine la mise en relation avec le volume des chargements acceptés. Il faut qu’aucun camion ne soit en route et qu’au moins un chargement ait été accepté. Passez ensuite les annonces au statut « Traitée ».',
    ],
  },
  {
    value: 'register',
    question: 'Comment exporter le registre national des terres excavées ?',
    answer: [
      'Sur la page « Carte des annonces », « Registre national des terres excavées » télécharge les chargements d’une période au format des registres de Trackdéchets (RNDTS).',
      'Choisissez les dates « Du » et « Au », le registre « Sortant (site de déblais) » ou « Entrant (site de remblai) » et le format, puis « Télécharger le registre ». Le « SIRET du déclarant » est facultatif : vide, chaque déclarant a son fichier, réunis dans une archive ZIP.',
      'Un transfert enregistré hors de la plateforme (« Transfert réalisé ») n’y figure pas : le producteur et le destinataire le déclarent eux-mêmes.',
    ],
  },
  {
    value: 'credits',
    question: 'Comment ajouter des crédits à une organisation ?',
    answer: [
      'Sur la fiche de l’organisation, cliquez sur « Ajouter des crédits + » : un nombre entier de 1 à 999 et un motif, obligatoire, que l’organisation voit dans ses mouvements de crédits.',
      '« Mouvements de crédits » retrace tout le solde : vos ajouts avec leur motif et le nom de l’administrateur, les packs achetés par carte avec leur facture, et chaque validation d’annonce avec son débit.',
      'Une annonce coûte selon son type et la surface du chantier :',
    ],
  },
  {
    value: 'soil-studies',
    question: 'Comment traiter une étude de sol confiée à la plateforme ?',
    answer: [
      'Les annonces dont l’étude de sol est confiée à la plateforme sont comptées dans le menu, à « Études de sol confiées ».',
      'Une fois l’étude réalisée, ouvrez l’annonce, onglet « Documents » : sous « Envoyer un document à l’annonceur », choisissez le type « Étude de sol » et le fichier, puis « Envoyer à l’annonceur ». Le document apparaît chez l’annonceur et ses utilisateurs sont prévenus par e-mail.',
    ],
  },
];

/** The answer after which the listing cost table comes (the domain's cost rule). */
export const COST_TABLE_ITEM = 'credits';

export const ourTexts = {
  title: 'Aide',
  intro: 'Les tâches de l’équipe de la plateforme, pas à pas : annonces, organisations, mises en relation, transferts, registre et crédits.',
  contactLead: 'Les annonceurs écrivent au support à',
} as const;

export const texts = { ...specTexts, ...ourTexts };
