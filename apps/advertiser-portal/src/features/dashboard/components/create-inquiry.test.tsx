// 'Créer une annonce' before the choice's code has loaded (issue 23): first in its file, so nothing
// has loaded that code yet. The same button, and a press opens the choice once the code is there.
import { getGetMyOrganizationMockHandler, getListInquiriesMockHandler } from '@terres/api-client/mocks';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organization, owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

describe("'Créer une annonce' drawn before its dialog's code", () => {
  it('opens the choice when pressed', async () => {
    server.use(getGetMyOrganizationMockHandler({ ...organization, creditBalance: 240 }), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: owner });
    const button = await screen.findByRole('button', { name: 'Créer une annonce' });
    // Radix's trigger carries its dialog's state; the button drawn before its code does not.
    expect(button).not.toHaveAttribute('data-state');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    // A click alone: user-event's pointer travel would start the load first and, once the code is
    // there, go on pressing the button it holds, which the loaded one has replaced.
    fireEvent.click(button);
    // The dialog's code is read and compiled now: give it time on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: "Quel type d'annonce souhaitez-vous créer ?" }, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: /^Déblai/ })).toBeInTheDocument();
  });
});
