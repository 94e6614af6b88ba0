import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@terres/domain';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles with a click on its label and with Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Composition inconnue" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Composition inconnue' });
    expect(box).not.toBeChecked();
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByText('Composition inconnue'));
    expect(box).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('announces its error and is described by it', () => {
    render(<Checkbox label="Je certifie l'exactitude des informations" required error={messages.certificationRequired} />);
    const box = screen.getByRole('checkbox', { name: "Je certifie l'exactitude des informations" });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).toHaveAccessibleDescription(messages.certificationRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.certificationRequired);
  });

  it('shows a mixed state', () => {
    render(<Checkbox label="Tout sélectionner" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'Tout sélectionner' })).toHaveAttribute('aria-checked', 'mixed');
  });

  it('does nothing when disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Vérifiée" disabled onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Vérifiée' });
    expect(box).toBeDisabled();
    await userEvent.click(box);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
