import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const items = [
  { value: 'a', title: 'Comment créer une annonce ?', content: <p>Réponse A</p> },
  { value: 'b', title: 'Comment contacter le support ?', content: <p>Réponse B</p> },
];

describe('Accordion', () => {
  it('opens one item at a time and closes it again', async () => {
    render(<Accordion items={items} />);
    const a = screen.getByRole('button', { name: 'Comment créer une annonce ?' });
    const b = screen.getByRole('button', { name: 'Comment contacter le support ?' });
    expect(a).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(a);
    expect(a).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Réponse A')).toBeVisible();
    await userEvent.click(b);
    expect(a).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(b);
    expect(b).toHaveAttribute('aria-expanded', 'false');
  });

  it('titles are headings and work with the keyboard', async () => {
    render(<Accordion items={items} />);
    expect(screen.getAllByRole('heading')).toHaveLength(2);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Comment créer une annonce ?' })).toHaveAttribute('aria-expanded', 'true');
  });
});
