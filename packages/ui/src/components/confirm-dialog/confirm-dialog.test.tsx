import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';

const trigger = <Button variant="danger">Archiver cette organisation</Button>;

describe('ConfirmDialog', () => {
  it("asks with 'Annuler' and 'Confirmer', focusing 'Annuler' first", async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        trigger={trigger}
        title="Archiver cette organisation ?"
        description="Ses utilisateurs perdront l'accès à la plateforme."
        onConfirm={vi.fn()}
        variant="danger"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archiver cette organisation ?' });
    expect(dialog).toHaveAccessibleDescription("Ses utilisateurs perdront l'accès à la plateforme.");
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirmer' })).toHaveAttribute('data-variant', 'danger');
  });

  it('runs the action and closes on Confirmer', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDialog trigger={trigger} title="Archiver ?" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancels with Escape without running the action, and gives the focus back', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog trigger={trigger} title="Archiver ?" onConfirm={onConfirm} onCancel={onCancel} />);
    const opener = screen.getByRole('button', { name: 'Archiver cette organisation' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('stays open and busy while an async action runs, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <ConfirmDialog
        trigger={trigger}
        title="Supprimer ce collaborateur ?"
        confirmLabel="Supprimer"
        loadingLabel="Suppression..."
        onConfirm={onConfirm}
        variant="danger"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const busy = screen.getByRole('button', { name: 'Suppression...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(busy);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open when the action fails', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog trigger={trigger} title="Archiver ?" onConfirm={() => Promise.reject(new Error('500'))} />);
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmer' })).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it("says why the action failed inside the dialog, and forgets it on the next attempt and on closing", async () => {
    const user = userEvent.setup();
    let fail = true;
    render(
      <ConfirmDialog
        trigger={trigger}
        title="Renvoyer l’invitation ?"
        onConfirm={() => (fail ? Promise.reject(new Error('Veuillez patienter une minute.')) : new Promise<never>(() => {}))}
        failureMessage={(error) => (error as Error).message}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Veuillez patienter une minute.');
    expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeEnabled();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no failure of a previous opening', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog trigger={trigger} title="Archiver ?" onConfirm={() => Promise.reject(new Error('non'))} failureMessage={() => 'Refusé.'} />,
    );
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Refusé.');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    expect(within(screen.getByRole('alertdialog')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
