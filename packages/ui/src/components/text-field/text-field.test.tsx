import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@terres/domain';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('is a labelled text box the user can type into', async () => {
    const onChange = vi.fn();
    render(<TextField label="Votre email" type="email" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Votre email' });
    await userEvent.type(input, 'a@b.fr');
    expect(input).toHaveValue('a@b.fr');
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('counts characters n/max and stops at maxLength', async () => {
    render(<TextField label="Nom du projet" maxLength={5} />);
    const input = screen.getByRole('textbox', { name: 'Nom du projet' });
    expect(screen.getByText('0/5')).toBeVisible();
    await userEvent.type(input, 'Chantier');
    expect(input).toHaveValue('Chant');
    expect(screen.getByText('5/5')).toBeVisible();
    expect(input).toHaveAccessibleDescription('5 caractères sur 5');
  });

  it('counts a controlled value', async () => {
    function Controlled() {
      const [value, setValue] = useState('Lyon');
      return <TextField label="Ville" maxLength={200} value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Controlled />);
    expect(screen.getByText('4/200')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ville' }), ' 3e');
    expect(screen.getByText('7/200')).toBeVisible();
  });

  it('announces the error and marks the field invalid', () => {
    render(<TextField label="Ville" required error={messages.required} hint="Commune du siège" />);
    const input = screen.getByRole('textbox', { name: 'Ville' });
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Commune du siège Ce champ est requis.');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.required);
  });

  it('cannot be typed into when disabled', async () => {
    render(<TextField label="Email" disabled defaultValue="owner@demo.test" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    expect(input).toHaveValue('owner@demo.test');
  });
});
