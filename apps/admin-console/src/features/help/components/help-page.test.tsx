import { helpTexts } from '@terres/app-kit';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

describe('/help', () => {
  it("answers the admins' own questions, not the advertisers' FAQ, in the console layout (issue 21)", async () => {
    const app = renderApp('/help', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Questions fréquentes' });
    expect(within(faq).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Comment valider ou refuser une annonce\u00a0?',
      'Comment vérifier une organisation\u00a0?',
      'Comment mettre en relation un déblai et un remblai\u00a0?',
      'Comment suivre et clôturer un transfert\u00a0?',
      'Comment exporter le registre national des terres excavées\u00a0?',
      'Comment ajouter des crédits à une organisation\u00a0?',
      'Comment traiter une étude de sol confiée à la plateforme\u00a0?',
    ]);
    // The advertisers' questions are theirs (their portal's help).
    for (const question of [helpTexts.createQuestion, helpTexts.deleteQuestion, helpTexts.creditsQuestion]) {
      expect(screen.queryByRole('button', { name: question })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(helpTexts.faqIntro)).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Comment valider ou refuser une annonce\u00a0?' }));
    expect(screen.getByText(/les crédits sont débités à la validation/)).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Comment ajouter des crédits à une organisation\u00a0?' }));
    expect(screen.getByText(/Ajouter des crédits \+/)).toBeVisible();
    expect(screen.getByRole('table', { name: 'Coût d’une annonce en crédits' })).toBeVisible();

    const contact = screen.getByRole('region', { name: 'Besoin d’aide\u00a0?' });
    expect(contact).toHaveTextContent('Les annonceurs écrivent au support à support@bourse-aux-terres.fr.');
    expect(within(contact).getByRole('link', { name: 'support@bourse-aux-terres.fr' })).toHaveAttribute(
      'href',
      'mailto:support@bourse-aux-terres.fr',
    );
    // Not a details page: no back bar.
    expect(screen.queryByRole('navigation', { name: 'Retour' })).not.toBeInTheDocument();
    expect(document.title).toBe('Aide · Bourse aux terres');
  });
});
