import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@terres/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Select } from './select';

// happy-dom lacks the pointer-capture and scrolling calls Radix Select makes.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

const options = [
  { value: 'SAS', label: 'SAS' },
  { value: 'SARL', label: 'SARL' },
  { value: 'SA', label: 'SA', disabled: true },
  { value: 'EURL', label: 'EURL' },
];

describe('Select', () => {
  it('shows the placeholder on a button named by the label', () => {
    render(<Select label="Forme juridique" placeholder="Choisir une forme" options={options} />);
    const trigger = screen.getByRole('combobox', { name: 'Forme juridique' });
    expect(trigger).toHaveTextContent('Choisir une forme');
  });

  it('opens with the keyboard and picks an option with the arrows and Enter', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Forme juridique" placeholder="Choisir" options={options} onValueChange={onValueChange} />);
    await user.tab();
    const trigger = screen.getByRole('combobox', { name: 'Forme juridique' });
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'SA' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('SARL');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('SARL');
    expect(trigger).toHaveFocus();
  });

  it('closes with Escape without choosing', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Select label="Forme juridique" placeholder="Choisir" options={options} onValueChange={onValueChange} />);
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('shows the chosen value and announces the error', () => {
    render(<Select label="Forme juridique" options={options} value="EURL" error={messages.legalFormRequired} required />);
    const trigger = screen.getByRole('combobox', { name: 'Forme juridique' });
    expect(trigger).toHaveTextContent('EURL');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription(messages.legalFormRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.legalFormRequired);
  });

  it('cannot be opened when disabled', async () => {
    const user = userEvent.setup();
    render(<Select label="Forme juridique" placeholder="Choisir" options={options} disabled />);
    const trigger = screen.getByRole('combobox', { name: 'Forme juridique' });
    expect(trigger).toBeDisabled();
    await user.click(trigger);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
