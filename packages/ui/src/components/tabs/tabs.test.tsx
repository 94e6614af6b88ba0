import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { value: 'a', label: "Vue d'ensemble", content: <p>Panneau A</p> },
  { value: 'b', label: 'Documents', content: <p>Panneau B</p> },
  { value: 'c', label: 'Gestion', content: <p>Panneau C</p>, disabled: true },
];

describe('Tabs', () => {
  it('shows the first tab and switches on click', async () => {
    const onValueChange = vi.fn();
    render(<Tabs items={items} label="Annonce" onValueChange={onValueChange} />);
    expect(screen.getByRole('tablist', { name: 'Annonce' })).toBeInTheDocument();
    expect(screen.getByText('Panneau A')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(onValueChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves with the arrow keys and skips disabled tabs', async () => {
    render(<Tabs items={items} label="Annonce" />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: "Vue d'ensemble" })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Gestion' })).toBeDisabled();
  });
});
