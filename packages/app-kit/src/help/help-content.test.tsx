import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpContent, helpTexts } from './help-content';

describe('HelpContent', () => {
  it('lists the four FAQ subjects of the spec in its order, with credits and pricing before the contact, closed', () => {
    render(<HelpContent supportEmail="support@terres.test" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeInTheDocument();
    const questions = screen.getAllByRole('button').map((button) => button.textContent);
    expect(questions).toEqual([
      'Comment créer une annonce\u00a0?',
      'Comment modifier une annonce\u00a0?',
      'Comment supprimer une annonce\u00a0?',
      'Comment fonctionnent les crédits et combien coûte une annonce\u00a0?',
      'Comment contacter le support\u00a0?',
    ]);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the credits answer from /help#credits, with what a listing costs by surface', () => {
    window.location.hash = '#credits';
    try {
      render(<HelpContent supportEmail="support@terres.test" />);
      expect(screen.getByRole('button', { name: helpTexts.creditsQuestion })).toHaveAttribute('aria-expanded', 'true');
      const table = screen.getByRole('table', { name: 'Coût d’une annonce en crédits' });
      const rows = within(table).getAllByRole('row').map((row) => row.textContent?.replace(/\s/g, ' '));
      expect(rows).toEqual([
        'Surface du chantierDéblaiRemblai',
        'jusqu’à 5 ha50 crédits10 crédits',
        'jusqu’à 10 ha80 crédits16 crédits',
        'jusqu’à 20 ha140 crédits28 crédits',
        'jusqu’à 50 ha320 crédits64 crédits',
      ]);
    } finally {
      window.location.hash = '';
    }
  });

  it('opens one answer at a time, by click or keyboard, and closes it again', async () => {
    const user = userEvent.setup();
    render(<HelpContent supportEmail="support@terres.test" />);
    const create = screen.getByRole('button', { name: helpTexts.createQuestion });
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Soumettre mon annonce/)).toBeVisible();

    const remove = screen.getByRole('button', { name: helpTexts.deleteQuestion });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(remove).toHaveAttribute('aria-expanded', 'true');
    expect(create).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Seul un brouillon peut être supprimé/)).toBeVisible();

    await user.keyboard('{Enter}');
    expect(remove).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives the support address as a mail link, in the FAQ and below it', async () => {
    const user = userEvent.setup();
    render(<HelpContent supportEmail="aide@bourse.test" />);
    const contact = screen.getByRole('region', { name: 'Besoin d’aide\u00a0?' });
    expect(within(contact).getByRole('link', { name: 'aide@bourse.test' })).toHaveAttribute('href', 'mailto:aide@bourse.test');
    await user.click(screen.getByRole('button', { name: helpTexts.contactQuestion }));
    expect(screen.getAllByRole('link', { name: 'aide@bourse.test' })).toHaveLength(2);
  });

  it("takes another app's questions, lead and contact sentence (the console's admins)", () => {
    render(
      <HelpContent
        supportEmail="support@terres.test"
        items={[{ value: 'verify', title: 'Comment vérifier une organisation\u00a0?', content: <p>Cochez la case.</p> }]}
        intro="Les tâches de l’équipe."
        contactLead="Les annonceurs écrivent au support à"
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Comment vérifier une organisation\u00a0?']);
    expect(screen.getByText('Les tâches de l’équipe.')).toBeInTheDocument();
    expect(screen.queryByText(helpTexts.faqIntro)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Besoin d’aide\u00a0?' })).toHaveTextContent('Les annonceurs écrivent au support à support@terres.test.');
  });
});
