import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BottomActionBar } from './bottom-action-bar';

describe('BottomActionBar', () => {
  it('uses the spec defaults', () => {
    render(<BottomActionBar back next center help />);
    expect(screen.getByRole('button', { name: 'Revenir à la liste' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveAttribute('data-variant', 'primary');
    expect(screen.getByRole('button', { name: 'Archiver cette organisation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/help');
  });

  it("goes back one page by default and is green for 'Soumettre mon annonce'", async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const onNext = vi.fn();
    render(<BottomActionBar back next={{ label: 'Soumettre mon annonce', onClick: onNext }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Revenir à la liste' }));
    expect(back).toHaveBeenCalled();
    const submit = screen.getByRole('button', { name: 'Soumettre mon annonce' });
    expect(submit).toHaveAttribute('data-variant', 'success');
    await userEvent.click(submit);
    expect(onNext).toHaveBeenCalled();
    back.mockRestore();
  });

  it('blocks a disabled next', async () => {
    const onNext = vi.fn();
    render(<BottomActionBar next={{ disabled: true, onClick: onNext }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(onNext).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
