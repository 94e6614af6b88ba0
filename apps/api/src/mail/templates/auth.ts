// Sign-in e-mails: the code, the unknown-address notice, the invitation (and its notice to an
// address whose account cannot join).
import { renderEmail, type RenderedEmail } from './layout.js';

const CODE_FOOTNOTE =
  "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : personne ne peut se connecter sans ce code.";

export function codeEmail(code: string, purpose: 'LOGIN' | 'REGISTER' | 'INVITATION'): RenderedEmail {
  const subject =
    purpose === 'REGISTER'
      ? 'Votre code de création de compte Bourse aux terres'
      : purpose === 'INVITATION'
        ? "Votre code pour accepter l'invitation sur Bourse aux terres"
        : 'Votre code de connexion Bourse aux terres';
  return renderEmail({
    subject,
    paragraphs: ['Voici votre code de vérification à 6 chiffres. Il est valable 10 minutes et ne peut servir qu’une fois.'],
    code,
    footnote: CODE_FOOTNOTE,
  });
}

export function unknownAddressEmail(registerUrl: string): RenderedEmail {
  return renderEmail({
    subject: 'Connexion à Bourse aux terres',
    paragraphs: [
      "Quelqu'un a demandé un code de connexion pour cette adresse, mais aucun compte Bourse aux terres n'y est associé.",
      'Pour publier vos annonces de déblai ou de remblai, créez votre compte :',
    ],
    action: { label: 'Créer mon compte', url: registerUrl },
    footnote: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  });
}

export function accessClosedEmail(): RenderedEmail {
  return renderEmail({
    subject: 'Connexion à Bourse aux terres',
    paragraphs: [
      "Quelqu'un a demandé un code de connexion pour cette adresse, mais l'accès de ce compte à Bourse aux terres a été fermé.",
      "Pour toute question, contactez le responsable de votre organisation ou l'équipe Bourse aux terres.",
    ],
  });
}

export function invitationEmail(input: { organizationName: string; inviterName: string | null; acceptUrl: string }): RenderedEmail {
  const who = input.inviterName ? `${input.inviterName} vous invite` : 'Vous êtes invité(e)';
  return renderEmail({
    subject: `Invitation à rejoindre ${input.organizationName} sur Bourse aux terres`,
    paragraphs: [
      `${who} à rejoindre l'organisation ${input.organizationName} sur Bourse aux terres, la plateforme qui met en relation chantiers de déblai et de remblai.`,
      "Cliquez sur le lien ci-dessous : un code de vérification vous sera envoyé pour vous connecter. Le lien est valable 7 jours.",
    ],
    action: { label: "Accepter l'invitation", url: input.acceptUrl },
  });
}

/**
 * An invitation to an address that already has an active account (another organisation's, or
 * none yet): no link (the account cannot join), and the inviter is told nothing of it (issue 20).
 */
export function invitationHeldElsewhereEmail(input: { organizationName: string; inviterName: string | null }): RenderedEmail {
  const who = input.inviterName ? `${input.inviterName} vous invite` : 'Vous êtes invité(e)';
  return renderEmail({
    subject: `Invitation à rejoindre ${input.organizationName} sur Bourse aux terres`,
    paragraphs: [
      `${who} à rejoindre l'organisation ${input.organizationName} sur Bourse aux terres.`,
      "Votre adresse est déjà celle d'un compte Bourse aux terres, et un compte n'appartient qu'à une seule organisation : cette invitation ne peut pas être acceptée avec cette adresse.",
      "Si vous souhaitez rejoindre cette organisation, demandez à la personne qui vous a invité(e) de vous inviter avec une autre adresse. Nous ne lui avons pas indiqué que votre adresse a déjà un compte.",
    ],
    footnote: "Si vous n'attendiez pas cette invitation, ignorez ce message : votre compte n'est pas modifié.",
  });
}
