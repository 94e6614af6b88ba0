import { Accordion, type AccordionItem } from '@terres/ui/accordion';
import type { ReactNode } from 'react';
import { ListingCostTable } from './listing-cost-table';
import './help.css';

// The help page of both apps (spec §1, §2: four collapsible FAQ items: create, modify, delete a
// listing, contact support). The spec names only the subjects; the answers are ours and follow
// what the product does (wizard steps, who may edit or delete what, when credits are debited).

export const helpTexts = {
  faqTitle: 'Questions fréquentes',
  faqIntro: 'Les réponses aux questions les plus courantes sur vos annonces.',
  createQuestion: 'Comment créer une annonce ?',
  modifyQuestion: 'Comment modifier une annonce ?',
  deleteQuestion: 'Comment supprimer une annonce ?',
  creditsQuestion: 'Comment fonctionnent les crédits et combien coûte une annonce ?',
  contactQuestion: 'Comment contacter le support ?',
  contactTitle: 'Besoin d’aide ?',
  contactLead: 'Notre équipe vous répond par e-mail à',
} as const;

export interface HelpContentProps {
  /** The support address (each app's configuration). */
  supportEmail: string;
  /** The questions and answers; default the advertisers' FAQ (`helpFaqItems`). The console gives its admins' own. */
  items?: AccordionItem[];
  /** The sentence under 'Questions fréquentes'; default the advertisers' one. */
  intro?: string;
  /** The sentence before the support address; default 'Notre équipe vous répond par e-mail à'. */
  contactLead?: string;
  /** Level of the "Questions fréquentes" and "Besoin d'aide ?" headings (default 2: under the page's h1). */
  headingLevel?: 2 | 3;
}

function MailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The help item about credits and pricing; '/help#credits' opens the page on it. */
export const HELP_CREDITS_ITEM = 'credits';

/** The spec's four FAQ items in its order, with the credits and pricing question before the contact. */
export function helpFaqItems(supportEmail: string): AccordionItem[] {
  return [
    {
      value: 'create',
      title: helpTexts.createQuestion,
      content: (
        <>
          <p>
            Depuis « Mes annonces », cliquez sur « Créer une annonce » puis choisissez son type : déblai si vous avez de la
            terre à évacuer, remblai si vous cherchez de la terre pour votre chantier.
          </p>
          <p>L’assistant vous guide en quatre étapes :</p>
          <ol>
            <li>
              les informations du projet : nom du projet, maître d’ouvrage (nom, adresse, SIRET), adresse du chantier et
              document d’autorisation ;
            </li>
            <li>les parcelles du chantier, à sélectionner sur la carte cadastrale ;</li>
            <li>
              les informations sur le terrain : surface en hectares, étude de sol (à joindre, ou à confier à la plateforme),
              composition des matériaux avec leurs quantités en m³ et leurs prix, période de disponibilité ;
            </li>
            <li>le récapitulatif, qui indique le coût de l’annonce en crédits.</li>
          </ol>
          <p>
            Certifiez l’exactitude des informations puis cliquez sur « Soumettre mon annonce ». Notre équipe vérifie
            l’annonce : les crédits ne sont débités qu’au moment de sa validation. Pour publier une première annonce, le
            solde de crédits de votre organisation doit être positif.
          </p>
          <p>
            Vous pouvez vous arrêter à tout moment avec « Enregistrer le brouillon et quitter » : l’annonce reste en
            brouillon dans « Mes annonces » et vous la reprenez plus tard.
          </p>
        </>
      ),
    },
    {
      value: 'modify',
      title: helpTexts.modifyQuestion,
      content: (
        <>
          <p>
            Une annonce se modifie tant qu’elle est au statut « Brouillon », ou après un refus (« Refusée »). Ouvrez-la depuis
            « Mes annonces » : pour un brouillon, « Reprendre la saisie » vous ramène dans l’assistant, là où vous vous étiez
            arrêté.
          </p>
          <p>
            Pour une annonce refusée, le motif du refus est affiché sur l’annonce : corrigez les points indiqués avec « Modifier
            l’annonce », puis cliquez sur « Soumettre à nouveau ». Elle repasse alors « En attente de validation ».
          </p>
          <p>
            Une annonce en attente de validation, validée ou plus avancée ne se modifie plus depuis votre espace : écrivez au
            support en indiquant le nom du projet et la correction souhaitée.
          </p>
        </>
      ),
    },
    {
      value: 'delete',
      title: helpTexts.deleteQuestion,
      content: (
        <>
          <p>
            Seul un brouillon peut être supprimé : ouvrez-le depuis « Mes annonces », choisissez « Supprimer le brouillon »
            puis confirmez.
            La suppression est définitive. Un brouillon n’a jamais coûté de crédits.
          </p>
          <p>
            Une annonce déjà soumise ne peut pas être supprimée depuis votre espace : écrivez au support en indiquant le nom
            du projet.
          </p>
        </>
      ),
    },
    {
      value: HELP_CREDITS_ITEM,
      title: helpTexts.creditsQuestion,
      content: (
        <>
          <p>
            Publier une annonce coûte des crédits, selon son type et la surface du chantier. Le coût s’affiche dans
            l’assistant avant la soumission ; les crédits sont débités au moment où notre équipe valide l’annonce, jamais pour
            un brouillon ni pour une annonce refusée.
          </p>
          <ListingCostTable />
          <p>
            Le propriétaire de l’organisation achète les crédits par packs depuis « Acheter des crédits » : chaque pack
            indique son prix TTC, son prix HT, la TVA de 20 % et le prix d’un crédit. Le paiement se fait par carte et une
            facture est disponible dans l’onglet « Factures » de « Mon Compte ».
          </p>
        </>
      ),
    },
    {
      value: 'contact',
      title: helpTexts.contactQuestion,
      content: (
        <>
          <p>
            Écrivez-nous à <MailLink email={supportEmail} />. Précisez le nom de votre organisation et, s’il s’agit d’une
            annonce, le nom du projet ; pour un paiement, le numéro de la facture (onglet « Factures » de « Mon Compte »).
          </p>
          <p>Notre équipe vous répond par e-mail.</p>
        </>
      ),
    },
  ];
}

/** The help page's body: the FAQ items, then the support contact. */
export function HelpContent({
  supportEmail,
  items = helpFaqItems(supportEmail),
  intro = helpTexts.faqIntro,
  contactLead = helpTexts.contactLead,
  headingLevel = 2,
}: HelpContentProps): ReactNode {
  const Heading = `h${headingLevel}` as const;
  // A link to '/help#credits' (the credits page's) opens that answer.
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const opened = items.some((item) => item.value === hash) ? hash : undefined;
  return (
    <div className="terres-help">
      <section aria-labelledby="terres-help-faq">
        <Heading id="terres-help-faq" className="terres-help__title">
          {helpTexts.faqTitle}
        </Heading>
        <p className="terres-help__intro">{intro}</p>
        <Accordion items={items} defaultOpen={opened ? [opened] : []} />
      </section>
      <section aria-labelledby="terres-help-contact" className="terres-help__contact">
        <Heading id="terres-help-contact" className="terres-help__title">
          {helpTexts.contactTitle}
        </Heading>
        <p>
          {contactLead} <MailLink email={supportEmail} />.
        </p>
      </section>
    </div>
  );
}
