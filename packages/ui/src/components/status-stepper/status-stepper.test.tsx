import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusStepper } from './status-stepper';

describe('StatusStepper', () => {
  it('shows the six steps of spec §4 with their labels', () => {
    render(<StatusStepper status="SITE_FOUND" />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(screen.getByText('Levée de doute envoyée')).toBeInTheDocument();
    expect(items.map((li) => li.dataset.state)).toEqual(['done', 'done', 'done', 'current', 'upcoming', 'upcoming']);
  });

  it.each(['DRAFT', 'REJECTED', 'NOPE', undefined])('highlights nothing for %s', (status) => {
    render(<StatusStepper status={status} />);
    expect(screen.getAllByRole('listitem').every((li) => li.dataset.state === 'upcoming')).toBe(true);
  });

  it('never makes Traitée current', () => {
    render(<StatusStepper status="PROCESSED" />);
    expect(screen.getAllByRole('listitem').every((li) => li.dataset.state === 'done')).toBe(true);
  });
});
