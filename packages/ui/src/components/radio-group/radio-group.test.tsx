import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@terres/domain';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './radio-group';

const options = [
  { value: 'CUT', label: 'Déblai', description: "J'ai de la terre à évacuer" },
  { value: 'FILL', label: 'Remblai', description: "J'ai besoin de terre" },
];

describe('RadioGroup', () => {
  it('is a group named by its caption, with one radio per option', () => {
    render(<RadioGroup label="Type d'annonce" options={options} />);
    const group = screen.getByRole('radiogroup', { name: "Type d'annonce" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Déblai' })).toHaveAccessibleDescription("J'ai de la terre à évacuer");
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('chooses with a click on a label', async () => {
    const onValueChange = vi.fn();
    render(<RadioGroup label="Type d'annonce" options={options} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByText('Remblai'));
    expect(screen.getByRole('radio', { name: 'Remblai' })).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith('FILL');
  });

  it('is reached with Tab, chosen with Space, and moved with the arrow keys', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<RadioGroup label="Type d'annonce" options={options} onValueChange={onValueChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Déblai' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Déblai' })).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith('CUT');
    // Radix moves the focus on the next tick and checks the radio it lands on while the key
    // is still down, as a real key press does: hold the key for that tick.
    await user.keyboard('{ArrowDown>}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Remblai' })).toHaveFocus());
    await user.keyboard('{/ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Remblai' })).toBeChecked();
    expect(onValueChange).toHaveBeenLastCalledWith('FILL');
  });

  it('announces its error on the group', () => {
    render(<RadioGroup label="Type d'annonce" options={options} required error={messages.required} />);
    const group = screen.getByRole('radiogroup', { name: "Type d'annonce" });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(messages.required);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.required);
  });

  it('disables every option when disabled', () => {
    render(<RadioGroup label="Type d'annonce" options={options} disabled defaultValue="FILL" />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Remblai' })).toBeChecked();
  });
});
