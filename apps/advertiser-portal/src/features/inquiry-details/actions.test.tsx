import { getListInquiriesMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, notFound, serveInquiry } from './test-utils';

vi.mock('@terres/maps/parcel-map', () => import('@terres/maps/parcel-map-stand-in'));

const actions = () => screen.queryByRole('group', { name: 'Actions sur l’annonce' });

describe('listing detail: what each status allows (CONTRACT §8)', () => {
  it.each(['PENDING_VALIDATION', 'APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'] as const)(
    'a %s listing cannot be edited, resubmitted or deleted',
    async (status) => {
      const inquiry = makeInquiry({ status });
      serveInquiry(inquiry);
      renderApp(detailsPath(inquiry, 'informations'), { user: owner });
      await screen.findByRole('region', { name: 'Projet' });
      expect(actions()).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Modifier|Reprendre/ })).not.toBeInTheDocument();
    },
  );

  it('a draft can be resumed in the wizard or deleted, not resubmitted', async () => {
    const draft = makeInquiry({ status: 'DRAFT' });
    serveInquiry(draft);
    renderApp(detailsPath(draft), { user: employee });
    const group = await screen.findByRole('group', { name: 'Actions sur l’annonce' });
    expect(within(group).getByRole('link', { name: 'Reprendre la saisie' })).toHaveAttribute('href', `/user/create-inquiry/${draft.id}`);
    expect(within(group).getByRole('button', { name: 'Supprimer le brouillon' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Soumettre à nouveau' })).not.toBeInTheDocument();
  });

  it('a refused listing can be edited in the wizard and resubmitted, not deleted', async () => {
    const refused = makeInquiry({ status: 'REJECTED' });
    serveInquiry(refused);
    renderApp(detailsPath(refused), { user: owner });
    const group = await screen.findByRole('group', { name: 'Actions sur l’annonce' });
    expect(within(group).getByRole('link', { name: "Modifier l'annonce" })).toHaveAttribute('href', `/user/create-inquiry/${refused.id}`);
    expect(within(group).getByRole('button', { name: 'Soumettre à nouveau' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Supprimer le brouillon' })).not.toBeInTheDocument();
  });

  it('deletes a draft after confirmation, then goes back to the dashboard without it, with a toast', async () => {
    const draft = makeInquiry({ status: 'DRAFT', projectName: 'Extension du parc d’activités de la Hardt' });
    const other = makeInquiry({ status: 'APPROVED', projectName: 'Merlon acoustique A35 – Sausheim' });
    let deleted = false;
    serveInquiry(draft);
    server.use(
      http.delete('*/inquiries/:id', ({ params }) => {
        if (params.id !== draft.id) return notFound();
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
      getListInquiriesMockHandler(() => (deleted ? [other] : [draft, other])),
    );
    const app = renderApp('/dashboard', { user: owner });
    await app.user.click(await screen.findByRole('link', { name: 'Extension du parc d’activités de la Hardt' }));
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer le brouillon' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce brouillon ?' });
    expect(dialog).toHaveTextContent('Le brouillon « Extension du parc d’activités de la Hardt » et ses documents seront supprimés définitivement.');
    // Cancelling deletes nothing.
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await app.user.click(screen.getByRole('button', { name: 'Supprimer le brouillon' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Brouillon supprimé.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Merlon acoustique A35 – Sausheim' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Extension du parc d’activités de la Hardt' })).not.toBeInTheDocument();
  });

  it('keeps the draft and says why when the deletion fails', async () => {
    const draft = makeInquiry({ status: 'DRAFT' });
    serveInquiry(draft);
    server.use(
      http.delete('*/inquiries/:id', () =>
        HttpResponse.json(
          { status: 409, title: 'Conflict', detail: 'Seuls les brouillons peuvent être supprimés.' },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = renderApp(detailsPath(draft), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Supprimer le brouillon' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression du brouillon')).toBeInTheDocument();
    expect(screen.getByText('Seuls les brouillons peuvent être supprimés.')).toBeInTheDocument();
    expect(app.location().pathname).toBe(detailsPath(draft));
  });

  it('resubmits a refused listing when the balance covers its cost', async () => {
    const refused = makeInquiry({ status: 'REJECTED', cost: 80, rejectionReason: 'Permis illisible.' });
    let body: unknown;
    serveInquiry(refused, { creditBalance: 80 });
    server.use(
      http.put('*/inquiries/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...refused, status: 'PENDING_VALIDATION', rejectionReason: null });
      }),
    );
    const app = renderApp(detailsPath(refused), { user: employee });
    await app.user.click(await screen.findByRole('button', { name: 'Soumettre à nouveau' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Soumettre à nouveau cette annonce ?' });
    expect(dialog).toHaveTextContent('Son coût, 80 crédits, sera débité du solde de votre organisation à sa validation.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Soumettre à nouveau' }));

    expect(await screen.findByText('Annonce soumise de nouveau pour validation.')).toBeInTheDocument();
    expect(body).toEqual({ status: 'PENDING_VALIDATION' });
    // The page now shows the pending listing: no refusal, no action left.
    const progress = screen.getByRole('region', { name: "Avancement de l'annonce" });
    await waitFor(() => expect(within(progress).getByText('En attente de validation', { selector: '.terres-status-badge' })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Annonce refusée' })).not.toBeInTheDocument();
    expect(actions()).not.toBeInTheDocument();
  });

  it("says 'Erreur lors de la soumission de l'annonce' with the server's reason when a resubmission is refused", async () => {
    const refused = makeInquiry({ status: 'REJECTED' });
    serveInquiry(refused);
    server.use(
      http.put('*/inquiries/:id', () =>
        HttpResponse.json(
          { status: 422, title: 'Unprocessable Entity', detail: "L'annonce est incomplète.", errors: { parcel_numbers: 'Veuillez sélectionner au moins une parcelle.' } },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = renderApp(detailsPath(refused), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Soumettre à nouveau' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Soumettre à nouveau' }));
    expect(await screen.findByText("Erreur lors de la soumission de l'annonce")).toBeInTheDocument();
    expect(screen.getByText("L'annonce est incomplète.")).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Annonce refusée' })).toBeInTheDocument();
  });

  it('offers an owner to buy credits when the balance does not cover the resubmission', async () => {
    const refused = makeInquiry({ status: 'REJECTED', cost: 80 });
    serveInquiry(refused, { creditBalance: 30 });
    const app = renderApp(detailsPath(refused), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Soumettre à nouveau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crédits insuffisants' });
    expect(dialog).toHaveTextContent('Cette annonce coûte 80 crédits et le solde de votre organisation est de 30 crédits.');
    // The purchase comes back to this listing (issue 21).
    const buy = within(dialog).getByRole('link', { name: 'Acheter des crédits' });
    const href = new URL(buy.getAttribute('href') ?? '', 'http://portal.test');
    expect(href.pathname).toBe('/credits/buy');
    expect(href.searchParams.get('redirect')).toBe(`/user/inquiry/details/${refused.id}/overview`);
  });

  it('tells an employee that the owner buys the missing credits', async () => {
    const refused = makeInquiry({ status: 'REJECTED', cost: 80 });
    serveInquiry(refused, { creditBalance: 0 });
    const app = renderApp(detailsPath(refused), { user: employee });
    await app.user.click(await screen.findByRole('button', { name: 'Soumettre à nouveau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crédits insuffisants' });
    expect(dialog).toHaveTextContent('Seul le responsable de votre organisation peut acheter des crédits');
    expect(within(dialog).queryByRole('link', { name: 'Acheter des crédits' })).not.toBeInTheDocument();
  });
});

describe('listing detail: an unknown or foreign listing (spec §8)', () => {
  it.each(['overview', 'informations', 'documents'] as const)(
    "says 'Erreur : annonce introuvable.' on %s, with no retry",
    async (tab) => {
      const mine = makeInquiry();
      serveInquiry(mine);
      renderApp(detailsPath({ id: 'bbbbbbbb-0000-4000-8000-000000000000' }, tab), { user: owner });
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Erreur : annonce introuvable.' })).toBeInTheDocument();
      expect(within(alert).queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
      // Still in the portal: the way back to the listings is there.
      expect(screen.getByRole('link', { name: 'Revenir à mes annonces' })).toHaveAttribute('href', '/dashboard');
    },
  );

  it("offers 'Réessayer' when the listing could not load for another reason", async () => {
    const inquiry = makeInquiry({ projectName: 'Plateforme logistique de Ottmarsheim' });
    let calls = 0;
    serveInquiry(inquiry);
    server.use(
      http.get('*/inquiries/:id', () => {
        calls += 1;
        return calls <= 2 ? HttpResponse.json({ status: 503, title: 'Service Unavailable' }, { status: 503 }) : HttpResponse.json(inquiry);
      }),
    );
    const app = renderApp(detailsPath(inquiry), { user: owner });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: "Impossible de charger l'annonce" })).toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plateforme logistique de Ottmarsheim' })).toBeInTheDocument();
  });
});
