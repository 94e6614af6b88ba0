import type { Inquiry, SetInquiryStatusRequest } from '@terres/api-client';
import { PROBLEM_TYPES } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { getListInquiriesPageMockHandler } from '@terres/api-client/mocks';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing, organization, validationLine } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { problem } from '../../../test/http';
import { detailsPath, serveInquiry } from './test-utils';

/** PUT /inquiries/{id}/status: records each body; answers `answer(body)` or the listing with its new status. */
function serveStatusChanges(inquiry: Inquiry, answer?: (body: SetInquiryStatusRequest) => Response | undefined) {
  const bodies: SetInquiryStatusRequest[] = [];
  server.use(
    http.put('*/inquiries/:id/status', async ({ request }) => {
      const body = (await request.json()) as SetInquiryStatusRequest;
      bodies.push(body);
      const custom = answer?.(body);
      if (custom) return custom;
      Object.assign(inquiry, { status: body.status, rejectionReason: body.reason ?? null });
      return HttpResponse.json(inquiry);
    }),
  );
  return bodies;
}

// `hidden`: a dialog hides the rest of the page from the accessibility tree while it is open.
const selector = () => screen.getByRole('combobox', { name: /Changer le statut/, hidden: true });

async function choose(app: ReturnType<typeof renderApp>, label: string) {
  await app.user.click(selector());
  await app.user.click(await screen.findByRole('option', { name: label }));
}

describe("admin listing detail, Gestion de l'annonce (spec §2, §4; CONTRACT §8)", () => {
  it('offers every status and Traitée, only the legal moves enabled, and says which', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    expect(await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" })).toBeInTheDocument();
    expect(selector()).toHaveTextContent('En attente de validation');
    expect(screen.getByText('Depuis « En attente de validation », l’annonce peut passer à : Validée, Refusée.')).toBeInTheDocument();
    expect(screen.getByText(/Coût de l’annonce : 80 crédits. Solde de Terrassements d'Alsace SAS : 240 crédits./)).toBeInTheDocument();

    await app.user.click(selector());
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'En attente de validation',
      'Validée',
      'Refusée',
      'Levée de doute envoyée',
      'Site compatible trouvé',
      'Transaction en cours',
      'Traitée',
    ]);
    const enabled = options.filter((option) => option.getAttribute('aria-disabled') !== 'true').map((option) => option.textContent);
    expect(enabled).toEqual(['En attente de validation', 'Validée', 'Refusée']);
  });

  it('validates a listing: the credits debited and the new balance, everywhere', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', cost: 80 });
    const transactions = [validationLine(inquiry, 160)];
    serveInquiry(inquiry, { transactions });
    const bodies = serveStatusChanges(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });

    await choose(app, 'Validée');
    const dialog = await screen.findByRole('alertdialog', { name: 'Valider cette annonce\u00a0?' });
    expect(dialog).toHaveTextContent(
      "80 crédits seront débités du solde de Terrassements d'Alsace SAS : 240 crédits aujourd’hui, 160 crédits après la validation.",
    );
    await app.user.click(within(dialog).getByRole('button', { name: "Valider l'annonce" }));

    const outcome = await screen.findByText("Annonce validée : 80 crédits débités. Nouveau solde de Terrassements d'Alsace SAS : 160 crédits.", {
      selector: 'p',
    });
    expect(outcome).toBeInTheDocument();
    expect(bodies).toEqual([{ status: 'APPROVED' }]);
    await waitFor(() => expect(selector()).toHaveTextContent('Validée'));
    // The layout's badge follows, and the next move is the doubt-clearing letter.
    expect(screen.getByText('Depuis « Validée », l’annonce peut passer à : Levée de doute envoyée.')).toBeInTheDocument();
  });

  it.each([
    [{ verified: false, archived: false }, 'n’est pas encore vérifiée'],
    [{ verified: true, archived: true }, 'est archivée : ses utilisateurs n’ont plus accès à la plateforme'],
  ])('says the organisation’s state in the confirmation before the move (review D8): %o', async (state, warning) => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', cost: 80 });
    serveInquiry(inquiry, { transactions: [validationLine(inquiry, 160)], organization: { ...organization, ...state } });
    serveStatusChanges(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });
    await choose(app, 'Validée');
    const dialog = await screen.findByRole('alertdialog', { name: 'Valider cette annonce\u00a0?' });
    expect(dialog).toHaveTextContent(warning);
  });

  it('says nothing of a verified, active organisation', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', cost: 80 });
    serveInquiry(inquiry, { transactions: [validationLine(inquiry, 160)], organization: { ...organization, verified: true, archived: false } });
    serveStatusChanges(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });
    await choose(app, 'Validée');
    const dialog = await screen.findByRole('alertdialog', { name: 'Valider cette annonce\u00a0?' });
    expect(dialog).not.toHaveTextContent(/vérifiée|archivée/);
  });

  it('shows the new status in the listings table at once (its cached pages are refetched)', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', projectName: 'Bassin de rétention de Wittenheim' });
    serveInquiry(inquiry, { transactions: [validationLine(inquiry, 160)] });
    serveStatusChanges(inquiry);
    let listRequests = 0;
    server.use(
      getListInquiriesPageMockHandler(() => {
        listRequests += 1;
        return { items: [{ ...inquiry }], total: 1 };
      }),
    );
    const app = renderApp('/admin/inquiries', { user: admin });
    const row = (await screen.findByRole('link', { name: 'Bassin de rétention de Wittenheim' })).closest('tr')!;
    expect(within(row).getByText('En attente de validation')).toBeInTheDocument();

    await app.router.navigate({ to: '/admin/inquiry/details/$id/management', params: { id: inquiry.id } });
    await choose(app, 'Validée');
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Valider l'annonce" }));
    await screen.findByText(/Annonce validée/, { selector: 'p' });

    await app.user.click(screen.getByRole('link', { name: 'Revenir à la liste des annonces' }));
    const updated = (await screen.findByRole('link', { name: 'Bassin de rétention de Wittenheim' })).closest('tr')!;
    await waitFor(() => expect(within(updated).getByText('Validée')).toBeInTheDocument());
    expect(listRequests).toBe(2);
  });

  it("never shows one listing's outcome on another's page", async () => {
    const first = listing({ status: 'PENDING_VALIDATION', projectName: 'Première annonce' });
    const second = listing({ status: 'PENDING_VALIDATION', projectName: 'Seconde annonce' });
    serveInquiry(first, { transactions: [validationLine(first, 160)] });
    server.use(http.get('*/inquiries/:id', ({ params }) => HttpResponse.json(params.id === second.id ? second : first)));
    serveStatusChanges(first);
    const app = renderApp(detailsPath(first, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Première annonce' });
    await choose(app, 'Validée');
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Valider l'annonce" }));
    await screen.findByText(/Annonce validée/, { selector: 'p' });

    await app.router.navigate({ to: '/admin/inquiry/details/$id/management', params: { id: second.id } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seconde annonce' })).toBeInTheDocument();
    expect(selector()).toHaveTextContent('En attente de validation');
    expect(screen.queryByText(/Annonce validée/, { selector: 'p' })).not.toBeInTheDocument();
  });

  it('says clearly when the balance is short, and changes nothing', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', cost: 80 });
    serveInquiry(inquiry, { organization: { ...organization, creditBalance: 30 } });
    // The screen branches on the problem's type, never on its French detail (reworded here).
    const bodies = serveStatusChanges(inquiry, () =>
      problem(409, 'Le solde ne suffit pas.', undefined, PROBLEM_TYPES.insufficientBalance),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    expect(await screen.findByText(/Le solde ne couvre pas ce coût/)).toBeInTheDocument();

    await choose(app, 'Validée');
    const dialog = await screen.findByRole('alertdialog', { name: 'Valider cette annonce\u00a0?' });
    expect(within(dialog).getByText('Le solde actuel ne couvre pas ce coût : la validation sera refusée.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: "Valider l'annonce" }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Solde de crédits insuffisant.');
    expect(alert).toHaveTextContent(
      "Terrassements d'Alsace SAS dispose de 30 crédits ; cette annonce en coûte 80 crédits. Ajoutez-lui des crédits depuis sa fiche, puis validez de nouveau.",
    );
    expect(within(alert).getByRole('link', { name: 'Voir la fiche de l’organisation' })).toHaveAttribute(
      'href',
      `/admin/organizations/details/${organization.id}`,
    );
    expect(bodies).toHaveLength(1);
    expect(selector()).toHaveTextContent('En attente de validation');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancelling the refusal sends nothing and resets the selector to its first option', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    const bodies = serveStatusChanges(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });

    await choose(app, 'Refusée');
    const dialog = await screen.findByRole('dialog', { name: 'Refuser cette annonce' });
    expect(selector()).toHaveTextContent('Refusée');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif du refus/ }), 'Parcelles incohérentes');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selector()).toHaveTextContent('En attente de validation');
    expect(bodies).toEqual([]);

    // Opened again, the dialog starts empty.
    await choose(app, 'Refusée');
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: /Motif du refus/ })).toHaveValue('');
  });

  it('refuses with a required reason; a failure keeps the reason typed', async () => {
    const inquiry = listing({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    let fail = true;
    const bodies = serveStatusChanges(inquiry, () => (fail ? problem(503, 'Service momentanément indisponible.') : undefined));
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });

    await choose(app, 'Refusée');
    const dialog = await screen.findByRole('dialog', { name: 'Refuser cette annonce' });
    const refuse = within(dialog).getByRole('button', { name: "Refuser l'annonce" });
    expect(refuse).toBeDisabled();
    const reason = within(dialog).getByRole('textbox', { name: /Motif du refus/ });
    await app.user.type(reason, '   ');
    await app.user.tab();
    expect(within(dialog).getByText('Le motif du refus est requis.')).toBeInTheDocument();

    await app.user.clear(reason);
    await app.user.type(reason, 'Le permis ne correspond pas aux parcelles.');
    await app.user.click(refuse);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service momentanément indisponible.');
    expect(reason).toHaveValue('Le permis ne correspond pas aux parcelles.');

    fail = false;
    await app.user.click(refuse);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ status: 'REJECTED', reason: 'Le permis ne correspond pas aux parcelles.' });
    expect(await screen.findByText("Annonce refusée. L'organisation a été prévenue par e-mail.", { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Le permis ne correspond pas aux parcelles.')).toBeInTheDocument();
    expect(selector()).toBeDisabled();
  });

  it('moves a validated listing along the workflow after a confirmation', async () => {
    const inquiry = listing({ status: 'APPROVED' });
    serveInquiry(inquiry);
    const bodies = serveStatusChanges(inquiry);
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });
    await choose(app, 'Levée de doute envoyée');
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer l’annonce au statut «\u00a0Levée de doute envoyée\u00a0»\u00a0?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Changer le statut' }));
    expect(await screen.findByText('Statut mis à jour : « Levée de doute envoyée ».', { selector: 'p' })).toBeInTheDocument();
    expect(bodies).toEqual([{ status: 'DOUBT_CLEARED' }]);

    // Cancelling a move puts the selector back on the listing's status.
    await choose(app, 'Site compatible trouvé');
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(selector()).toHaveTextContent('Levée de doute envoyée'));
    expect(bodies).toHaveLength(1);
  });

  it('explains why a processed listing moves no more; only the contract can still be generated', async () => {
    // The contract's facts given (issue 19): nothing else keeps the contract from being generated.
    const inquiry = listing({ status: 'PROCESSED', soilPreparer: 'Terrassements du Ried SAS', analysisReferences: 'LRA-2026-0412', permitReference: 'PA 067 482 26 00017', permitDate: '2026-06-15' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    expect(await screen.findByText('Traitée : c’est le dernier statut, plus aucun changement n’est possible.')).toBeInTheDocument();
    expect(selector()).toBeDisabled();
    expect(selector()).toHaveTextContent('Traitée');
    const documents = screen.getByRole('region', { name: 'Documents de la mise en relation' });
    for (const name of ['Lettre de levée de doute', 'Pré-contrat']) expect(within(documents).getByRole('button', { name })).toBeDisabled();
    expect(within(documents).getByRole('button', { name: 'Lettre de levée de doute' })).toHaveAccessibleDescription(/quand l’annonce est « Validée »/);
    expect(within(documents).getByRole('button', { name: 'Contrat' })).toBeEnabled();
  });

  it.each([
    ['a document that moves the status on', 'DOUBT_CLEARED' as const, true],
    ['a document sent again, the status unchanged', 'APPROVED' as const, false],
  ])('forgets its confirmation after a later action on the page: %s (issue 21)', async (_, statusAfter, created) => {
    const inquiry = listing({ status: 'PENDING_VALIDATION', cost: 80 });
    serveInquiry(inquiry, { transactions: [validationLine(inquiry, 160)] });
    serveStatusChanges(inquiry);
    server.use(
      http.post('*/inquiries/:id/generated-documents', () =>
        HttpResponse.json(
          {
            created,
            inquiry: { ...inquiry, status: statusAfter },
            document: {
              id: 'd1', inquiryId: inquiry.id, kind: 'DOUBT_CLEARING_LETTER', source: 'PLATFORM', matchId: null,
              fileName: 'lettre-levee-de-doute.pdf', mimeType: 'application/pdf', size: 2048, createdAt: '2026-11-23T10:00:00.000Z',
            },
          },
          { status: created ? 201 : 200 },
        ),
      ),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    await screen.findByRole('heading', { level: 2, name: "Statut de l'annonce" });
    const status = () => screen.getByRole('region', { name: "Statut de l'annonce" });

    await choose(app, 'Validée');
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Valider l'annonce" }));
    expect(await within(status()).findByText(/^Annonce validée : 80 crédits débités/, { selector: 'p' })).toBeInTheDocument();

    const documents = screen.getByRole('region', { name: 'Documents de la mise en relation' });
    await app.user.click(within(documents).getByRole('button', { name: 'Lettre de levée de doute' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Générer et envoyer' }));
    await waitFor(() => expect(within(status()).queryByText(/^Annonce validée/, { selector: 'p' })).not.toBeInTheDocument());
    expect(within(status()).queryByRole('status')).not.toBeInTheDocument();
  });
});
