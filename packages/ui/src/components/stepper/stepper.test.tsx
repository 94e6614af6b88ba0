import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Stepper, stepState } from './stepper';

const steps = [{ label: 'Projet', subSteps: 5 }, { label: 'Parcelles' }, { label: 'Sol', subSteps: 5 }];

describe('Stepper', () => {
  it('marks done, current and upcoming steps', () => {
    render(<Stepper steps={steps} currentStep={1} label="Étapes" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.dataset.state)).toEqual(['done', 'current', 'upcoming']);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('étape 1 sur 3, terminée');
  });

  it('shows the sub-step of the current step', () => {
    render(<Stepper steps={steps} currentStep={0} currentSubStep={2} label="Étapes" />);
    expect(screen.getByText('Sous-étape 3 sur 5')).toBeInTheDocument();
  });

  it('has no current step without currentStep', () => {
    expect(stepState(0, null)).toBe('upcoming');
    expect(stepState(2, 1)).toBe('upcoming');
  });

  it('opens a step that has onSelect, with the keyboard too; the current step is no button', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    render(
      <Stepper
        steps={steps.map((step, index) => (index === 2 ? step : { ...step, onSelect: () => open(index) }))}
        currentStep={1}
        label="Étapes"
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName(/^Projet ?, étape 1 sur 3, terminée$/);
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledWith(0);
    expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
  });
});
