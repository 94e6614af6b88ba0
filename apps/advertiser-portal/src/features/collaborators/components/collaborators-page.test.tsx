import type { Member } from '@terres/api-client';
import { messages } from '@terres/domain';
import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, organization, owner } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const self: Member = { id: owner.id, email: owner.email, firstName: 'Camille', lastName: 'Muller', fullName: 'Camille Muller', role: 'OWNER', pending: false };
const joined: Member = {
  id: employee.id,
  email: employee.email,
  firstName: 'Léa',
  lastName: 'Schmitt',
  fullName: 'Léa Schmitt',
  role: 'EMPLOYEE',
  pending: false,
};
const joinedWithoutName: Member = { ...joined, id: '55555555-5555-4555-8555-555555555555', email: 'conducteur@terrassements-alsace.fr', firstName: null, lastName: null, fullName: null };
const pending: Member = {
  id: '66666666-6666-4666-8666-666666666666',
  email: 'paul@terrassements-alsace.fr',
  firstName: null,
  lastName: null,
  fullName: null,
  role: 'EMPLOYEE',
  pending: true,
};

function membersApi(initial: Member[]) {
  let current = initial;
  const calls: string[] = [];
  server.use(
    getGetMyOrganizationMockHandler(organization),
    http.get('*/users/organization/members', () => HttpResponse.json(current)),
    http.post('*/users/invite', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      calls.push(`invite ${email}`);
      current = [...current, { ...pending, id: crypto.randomUUID(), email }];
      return HttpResponse.json({ email }, { status: 202 });
    }),
    http.post('*/users/invite/resend', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      calls.push(`resend ${email}`);
      return HttpResponse.json({ email }, { status: 202 });
    }),
    http.delete('*/users/:id/archive', ({ params }) => {
      calls.push(`delete ${String(params.id)}`);
      current = current.filter((member) => member.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const rows = () => within(screen.getByRole('list', { name: 'Vos collaborateurs' })).getAllByRole('listitem');
const rowOf = (email: string) => rows().find((row) => row.textContent?.includes(email))!;
const firstRow = async () => within(within(await screen.findByRole('list', { name: 'Vos collaborateurs' })).getAllByRole('listitem')[0]!);

describe('/user/account/collaborators', () => {
  it('lists employees and pending invitations (not the owner), with the full name or a dash; Renvoyer only for pending ones', async () => {
    membersApi([self, joined, joinedWithoutName, pending]);
    renderApp('/user/account/collaborators', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Collaborateurs' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Collaborateurs · Bourse aux terres'));
    expect(rows()).toHaveLength(3);
    expect(screen.queryByText(owner.email)).not.toBeInTheDocument();
    expect(rowOf(joined.email)).toHaveTextContent('Léa Schmitt');
    expect(within(rowOf(joinedWithoutName.email)).getByText('-')).toBeInTheDocument();
    expect(within(rowOf(pending.email)).getByText('Invitation en attente')).toBeInTheDocument();
    expect(within(rowOf(joined.email)).queryByRole('button', { name: 'Renvoyer' })).not.toBeInTheDocument();
    expect(within(rowOf(pending.email)).getByRole('button', { name: 'Renvoyer' })).toHaveAccessibleDescription(pending.email);
    for (const row of rows()) expect(within(row).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });

  it('resends an invitation after confirmation, and not when cancelled', async () => {
    const calls = membersApi([self, pending]);
    const app = renderApp('/user/account/collaborators', { user: owner });
    await app.user.click((await firstRow()).getByRole('button', { name: 'Renvoyer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Renvoyer l’invitation\u00a0?' });
    expect(dialog).toHaveTextContent(`Un nouvel e-mail d’invitation sera envoyé à ${pending.email}.`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls).toEqual([]);

    await app.user.click((await firstRow()).getByRole('button', { name: 'Renvoyer' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('Invitation renvoyée avec succès')).toBeInTheDocument();
    expect(calls).toEqual([`resend ${pending.email}`]);
    expect(rows()).toHaveLength(1);
  });

  it("says the server's reason in the dialog when resending is refused (429: one invitation a minute), then closes cleanly", async () => {
    membersApi([self, pending]);
    server.use(http.post('*/users/invite/resend', () => problem(429, messages.invitationEmailTooSoon)));
    const app = renderApp('/user/account/collaborators', { user: owner });
    await app.user.click((await firstRow()).getByRole('button', { name: 'Renvoyer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Renvoyer l’invitation\u00a0?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Renvoyer' }));
    // In the dialog, announced, and not as a toast behind it.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.invitationEmailTooSoon);
    expect(within(dialog).getByRole('button', { name: 'Renvoyer' })).toBeEnabled();
    expect(screen.getAllByText(messages.invitationEmailTooSoon)).toHaveLength(1);
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText(messages.invitationEmailTooSoon)).not.toBeInTheDocument();
  });

  it("shows the server's reason when the organisation's daily invitation e-mails are used up", async () => {
    const calls = membersApi([self]);
    server.use(http.post('*/users/invite', () => problem(429, messages.invitationEmailsOrganizationDay)));
    const app = renderApp('/user/account/collaborators', { user: owner });
    await app.user.type(await screen.findByLabelText(/^Adresse email du collaborateur/), 'nouveau@terres.fr');
    await app.user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await screen.findByText(messages.invitationEmailsOrganizationDay)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("falls back to the spec's sentence when resending fails without detail", async () => {
    membersApi([self, pending]);
    server.use(http.post('*/users/invite/resend', () => problem(500)));
    const app = renderApp('/user/account/collaborators', { user: owner });
    await app.user.click((await firstRow()).getByRole('button', { name: 'Renvoyer' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Renvoyer' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent("Erreur lors du renvoi de l'invitation");
  });

  it('deletes a collaborator after confirmation and removes the row', async () => {
    const calls = membersApi([self, joined, pending]);
    const app = renderApp('/user/account/collaborators', { user: owner });
    await screen.findByRole('list', { name: 'Vos collaborateurs' });
    await app.user.click(within(rowOf(joined.email)).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce collaborateur\u00a0?' });
    expect(dialog).toHaveTextContent(`${joined.email} n’aura plus accès aux annonces de votre organisation.`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Collaborateur supprimé avec succès')).toBeInTheDocument();
    expect(calls).toEqual([`delete ${joined.id}`]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText(joined.email)).not.toBeInTheDocument();
  });

  it("keeps the row and says why when deleting fails", async () => {
    membersApi([self, joined]);
    server.use(http.delete('*/users/:id/archive', () => problem(404, 'Collaborateur introuvable.')));
    const app = renderApp('/user/account/collaborators', { user: owner });
    await app.user.click((await firstRow()).getByRole('button', { name: 'Supprimer' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Collaborateur introuvable.')).toBeInTheDocument();
    // The dialog stays open (nothing happened); closing it shows the row still there.
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(rows()).toHaveLength(1);
  });

  it("invites: the field's rules, the success toast, the new row, then the limit sentence at 5", async () => {
    const four = [1, 2, 3].map((n) => ({ ...joined, id: `00000000-0000-4000-8000-00000000000${n}`, email: `c${n}@terres.fr` }));
    const calls = membersApi([self, ...four, pending]);
    const app = renderApp('/user/account/collaborators', { user: owner });
    const field = await screen.findByLabelText(/^Adresse email du collaborateur/);
    const send = screen.getByRole('button', { name: "Envoyer l'invitation" });
    expect(screen.getByText('Vous pouvez encore inviter 1 collaborateur.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await app.user.type(field, 'C1@TERRES.FR');
    await app.user.tab();
    expect(screen.getByText('Un employé avec cette adresse email a déjà été invité')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await app.user.clear(field);
    await app.user.type(field, 'nouveau@terres.fr');
    expect(screen.queryByText('Un employé avec cette adresse email a déjà été invité')).not.toBeInTheDocument();
    await app.user.click(send);
    expect(await screen.findByText('Invitation envoyée avec succès')).toBeInTheDocument();
    expect(calls).toEqual(['invite nouveau@terres.fr']);
    expect(await screen.findByText('Vous avez atteint le nombre maximal de collaborateurs (5)')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Adresse email du collaborateur/)).not.toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });

  it("says 'Aucun collaborateur pour le moment' when there are none", async () => {
    membersApi([self]);
    renderApp('/user/account/collaborators', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Aucun collaborateur pour le moment' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresse email du collaborateur/)).toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement des collaborateurs' and retries", async () => {
    let fail = true;
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/users/organization/members', () => (fail ? problem(500) : HttpResponse.json([self, joined]))),
    );
    const app = renderApp('/user/account/collaborators', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Erreur lors du chargement des collaborateurs' }, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(joined.email)).toBeInTheDocument();
  });

  it('is refused to employees', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    const app = renderApp('/user/account/collaborators', { user: employee });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });
});
