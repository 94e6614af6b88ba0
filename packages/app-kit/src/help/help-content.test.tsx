import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpContent, helpTexts } from './help-content';

describe('HelpContent', () => {
  it('lists the four FAQ subjects of the spec, closed, in its order (create, modify, delete, contact)', () => {
    render(<HelpContent supportEmail="support@terres.test" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeInTheDocument();
    const questions = screen.getAllByRole('button').map((button) => button.textContent);
    expect(questions).toEqual([
      'Comment créer une annonce\u00a0?',
      'Comment modifier une annonce\u00a0?',
      'Comment supprimer une annonce\u00a0?',
      'Comment contacter le support\u00a0?',
    ]);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAttribute('aria-expanded', 'false');
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
});
