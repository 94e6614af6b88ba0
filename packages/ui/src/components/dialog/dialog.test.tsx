import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog, DialogClose } from './dialog';

function CreditsDialog({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  return (
    <Dialog
      title="Ajouter des crédits"
      description="Les crédits sont ajoutés immédiatement au solde de l'organisation."
      trigger={<Button>Ajouter des crédits +</Button>}
      onOpenChange={onOpenChange}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Annuler</Button>
          </DialogClose>
          <Button>Ajouter</Button>
        </>
      }
    >
      <TextField label="Nombre de crédits" inputMode="numeric" />
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger as a named, described modal dialog with the focus inside', async () => {
    const user = userEvent.setup();
    render(<CreditsDialog />);
    await user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter des crédits' });
    expect(dialog).toHaveAccessibleDescription("Les crédits sont ajoutés immédiatement au solde de l'organisation.");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps the focus inside with Tab', async () => {
    const user = userEvent.setup();
    render(<CreditsDialog />);
    await user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with Escape and gives the focus back to the trigger', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<CreditsDialog onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Ajouter des crédits +' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(trigger).toHaveFocus();
  });

  it("closes with the 'Fermer' button and with a DialogClose button", async () => {
    const user = userEvent.setup();
    render(<CreditsDialog />);
    await user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
