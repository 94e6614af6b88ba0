import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('is a labelled multi-line box with a counter', async () => {
    render(<TextArea label="Motif du refus" maxLength={200} required />);
    const box = screen.getByRole('textbox', { name: 'Motif du refus' });
    expect(box.tagName).toBe('TEXTAREA');
    await userEvent.type(box, 'Pièces{Enter}manquantes');
    expect(box).toHaveValue('Pièces\nmanquantes');
    expect(screen.getByText('17/200')).toBeVisible();
  });

  it('announces its error', () => {
    render(<TextArea label="Motif du refus" error="Le motif du refus est requis." />);
    expect(screen.getByRole('textbox', { name: 'Motif du refus' })).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Le motif du refus est requis.');
  });
});
