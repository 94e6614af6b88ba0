// Step 1 (project information) of the wizard, rendered in the real route tree against MSW.
import { fillTemplate, messages, PROBLEM_TYPES } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { employee, owner } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';
import { texts } from '../texts';
import { document, fakeListingApi, listing, LISTING_ID, polyfillRadix } from '../testing/fake-listing-api';

beforeAll(polyfillRadix);

const url = (search = '?type=CUT') => `/user/create-inquiry/${LISTING_ID}${search}`;
const nextButton = () => screen.getByRole('button', { name: texts.next });
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('wizard, step 1: project information', () => {
  it('titles a cut listing, and creates the draft with the route id on the first Next', async () => {
    const api = fakeListingApi();
    const app = renderApp(url(), { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Création de votre annonce de déblai' })).toBeInTheDocument();
    await heading(texts.subSteps.projectName);
    expect(screen.getByRole('list', { name: texts.stepsLabel })).toHaveTextContent('Informations du projet');
    expect(nextButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: texts.previous })).not.toBeInTheDocument();
    expect(app.location().search).toEqual({ type: 'CUT' });

    await app.user.type(screen.getByRole('textbox', { name: 'Nom du projet' }), '  ZAC des Tanneries ');
    expect(nextButton()).toBeEnabled();
    await app.user.click(nextButton());

    await heading(texts.subSteps.projectOwner);
    expect(api.bodies('POST', '/inquiries')).toEqual([
      { id: LISTING_ID, type: 'CUT', status: 'DRAFT', project_name: 'ZAC des Tanneries' },
    ]);
    expect(app.location().search).toEqual({ type: 'CUT', step: 1, sub: 2 });
  });

  it('moves what was typed to a new draft when the route id is taken (a draft deleted since, another organisation’s)', async () => {
    const api = fakeListingApi();
    // The id answers 404 to a read, 409 to a creation; any other id is free.
    server.use(
      http.post('*/inquiries', async ({ request }) => {
        const body = (await request.clone().json()) as { id?: string };
        if (body.id === LISTING_ID) {
          api.requests.push({ method: 'POST', path: '/api/v1/inquiries', body });
          return problem(409, 'Cet identifiant d’annonce est déjà utilisé.', undefined, PROBLEM_TYPES.idTaken);
        }
        return undefined;
      }),
    );
    const app = renderApp(url(), { user: owner });
    await heading(texts.subSteps.projectName);
    await app.user.type(screen.getByRole('textbox', { name: 'Nom du projet' }), 'ZAC des Tanneries');
    await app.user.click(nextButton());

    expect(await screen.findByText(texts.idTakenTitle)).toBeInTheDocument();
    expect(screen.getByText(texts.idTakenBody)).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).not.toBe(`/user/create-inquiry/${LISTING_ID}`));
    const fresh = app.location().pathname.split('/').at(-1);
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(app.location().search).toEqual({ type: 'CUT' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nom du projet' })).toHaveValue('ZAC des Tanneries'));
    expect(screen.queryByText(texts.draftFailed)).not.toBeInTheDocument();

    await app.user.click(nextButton());
    await heading(texts.subSteps.projectOwner);
    expect(api.bodies('POST', '/inquiries')).toEqual([
      { id: LISTING_ID, type: 'CUT', status: 'DRAFT', project_name: 'ZAC des Tanneries' },
      { id: fresh, type: 'CUT', status: 'DRAFT', project_name: 'ZAC des Tanneries' },
    ]);
  });

  it("shows the API's draft limit (issue 20) and stays on the step with what was typed", async () => {
    const api = fakeListingApi();
    const detail = fillTemplate(messages.draftLimit, { max: 50 });
    server.use(
      http.post('*/inquiries', async ({ request }) => {
        api.requests.push({ method: 'POST', path: '/api/v1/inquiries', body: await request.clone().json() });
        return problem(409, detail, undefined, PROBLEM_TYPES.draftLimit);
      }),
    );
    const app = renderApp(url(), { user: owner });
    await heading(texts.subSteps.projectName);
    await app.user.type(screen.getByRole('textbox', { name: 'Nom du projet' }), 'ZAC des Tanneries');
    await app.user.click(nextButton());
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(detail).toContain('50 brouillons');
    expect(screen.getByRole('textbox', { name: 'Nom du projet' })).toHaveValue('ZAC des Tanneries');
    expect(app.location().search).toEqual({ type: 'CUT' });
  });

  it('titles a fill listing from the navigation state and keeps the type in the URL', async () => {
    fakeListingApi();
    const app = renderApp(url(''), { user: employee });
    await app.router.navigate({ to: '/user/create-inquiry/$id', params: { id: LISTING_ID }, state: { inquiryType: 'FILL' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Création de votre annonce de remblais' })).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toMatchObject({ type: 'FILL' }));
  });

  it('asks for the type when neither the URL nor the navigation gives it', async () => {
    fakeListingApi();
    const app = renderApp(url(''), { user: owner });
    await app.user.click(await screen.findByRole('button', { name: texts.chooseFill }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Création de votre annonce de remblais' })).toBeInTheDocument();
    expect(app.location().search).toMatchObject({ type: 'FILL' });
  });

  it('labels the last name Nom and the first name Prénom, as every other view does (review D4)', async () => {
    const api = fakeListingApi({ inquiry: listing() });
    const app = renderApp(url('?step=1&sub=2'), { user: owner });
    await heading(texts.subSteps.projectOwner);
    const lastName = screen.getByRole('textbox', { name: 'Nom' });
    const firstName = screen.getByRole('textbox', { name: 'Prénom' });
    expect(lastName).toHaveAttribute('name', 'projectOwnerLastName');
    expect(firstName).toHaveAttribute('name', 'projectOwnerFirstName');

    await app.user.click(lastName);
    await app.user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.required);
    expect(nextButton()).toBeDisabled();

    await app.user.type(lastName, 'Muller');
    await app.user.type(firstName, 'Camille');
    await app.user.click(nextButton());
    await heading(texts.subSteps.projectOwnerAddress);
    expect(api.bodies('PUT')).toEqual([{ project_owner_last_name: 'Muller', project_owner_first_name: 'Camille' }]);
  });

  it('checks the postcode and the SIRET with the domain rules', async () => {
    const api = fakeListingApi({ inquiry: listing({ projectOwnerFirstName: 'Camille', projectOwnerLastName: 'Muller' }) });
    const app = renderApp(url('?step=1&sub=3'), { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    await app.user.type(screen.getByRole('textbox', { name: 'Adresse' }), '12 rue du Rhin');
    await app.user.type(screen.getByRole('textbox', { name: 'Code postal' }), '00000');
    await app.user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Mulhouse');
    expect(screen.getByRole('textbox', { name: 'Code postal' })).toHaveAccessibleDescription(messages.postcode);
    expect(nextButton()).toBeDisabled();
    await app.user.clear(screen.getByRole('textbox', { name: 'Code postal' }));
    // The message hides while the user types again.
    expect(screen.getByRole('textbox', { name: 'Code postal' })).not.toHaveAccessibleDescription(messages.postcode);
    await app.user.type(screen.getByRole('textbox', { name: 'Code postal' }), '68100');
    // Enter in a field is Next.
    await app.user.keyboard('{Enter}');

    await heading(texts.subSteps.projectOwnerSiret);
    const siret = screen.getByRole('textbox', { name: 'SIRET' });
    await app.user.type(siret, '732 829 320 00075');
    await app.user.tab();
    expect(siret).toHaveValue('73282932000075');
    expect(siret).toHaveAccessibleDescription(messages.siretChecksum);
    expect(nextButton()).toBeDisabled();
    // Pasted whole in its grouped form (review D5: it was cut to 11 digits).
    await app.user.clear(siret);
    await app.user.click(siret);
    await app.user.paste('732.829.320\u00a000074');
    expect(siret).toHaveValue('73282932000074');
    await app.user.click(nextButton());

    await heading(texts.subSteps.site);
    expect(api.bodies('PUT')).toEqual([
      { project_owner_street: '12 rue du Rhin', project_owner_postcode: '68100', project_owner_city: 'Mulhouse' },
      { project_owner_siret: '73282932000074' },
    ]);
  });

  it('needs the site address and an uploaded permission document, then saves the whole step', async () => {
    const api = fakeListingApi({
      inquiry: listing({
        projectOwnerFirstName: 'Camille',
        projectOwnerLastName: 'Muller',
        projectOwnerStreet: '12 rue du Rhin',
        projectOwnerPostcode: '68100',
        projectOwnerCity: 'Mulhouse',
        projectOwnerSiret: '73282932000074',
      }),
    });
    const app = renderApp(url('?step=1&sub=5'), { user: owner });
    await heading(texts.subSteps.site);
    expect(screen.getByRole('combobox', { name: texts.siteAddress })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: texts.siteAddressManualToggle }));
    await app.user.type(screen.getByRole('textbox', { name: texts.siteAddressManual }), 'Rue des Tanneries, 68100 Mulhouse');
    expect(nextButton()).toBeDisabled();

    const file = new File(['%PDF-1.4 permis'], 'permis.pdf', { type: 'application/pdf' });
    await app.user.upload(screen.getByLabelText(new RegExp(`^${texts.permissionDocument}`), { selector: 'input' }), file);
    const uploaded = await screen.findByRole('region', { name: /Document d’autorisation/ });
    expect(await within(uploaded).findByRole('button', { name: 'Télécharger permis.pdf' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.bodies('POST', '/documents')).toEqual([{ kind: 'PERMISSION', fileName: 'permis.pdf' }]);

    await app.user.click(nextButton());
    await heading(texts.subSteps.parcels);
    expect(await screen.findByText(texts.draftSaved)).toBeInTheDocument();
    // The step's last sub-step saves the whole step, in wire names only.
    expect(api.bodies('PUT')).toEqual([
      {
        project_name: 'ZAC des Tanneries',
        project_owner_first_name: 'Camille',
        project_owner_last_name: 'Muller',
        project_owner_street: '12 rue du Rhin',
        project_owner_postcode: '68100',
        project_owner_city: 'Mulhouse',
        project_owner_siret: '73282932000074',
        site_address: 'Rue des Tanneries, 68100 Mulhouse',
        site_latitude: null,
        site_longitude: null,
      },
    ]);
  });

  it('goes back to the first incomplete sub-step when the URL asks for a later one', async () => {
    fakeListingApi({ inquiry: listing({ siteAddress: 'Rue des Tanneries', projectOwnerFirstName: 'Camille' }) });
    const app = renderApp(url('?step=3&sub=2'), { user: owner });
    await heading(texts.subSteps.projectOwner);
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Camille');
    await waitFor(() => expect(app.location().search).toMatchObject({ step: 1, sub: 2 }));
  });

  it('finds the uploaded permission after a reload, and refuses a file the rules refuse', async () => {
    const api = fakeListingApi({
      inquiry: listing({
        projectOwnerFirstName: 'Camille',
        projectOwnerLastName: 'Muller',
        projectOwnerStreet: '12 rue du Rhin',
        projectOwnerPostcode: '68100',
        projectOwnerCity: 'Mulhouse',
        projectOwnerSiret: '73282932000074',
        siteAddress: 'Rue des Tanneries 68100 Mulhouse',
        siteLatitude: 47.75,
        siteLongitude: 7.34,
      }),
      documents: [document('PERMISSION', 'permis.pdf')],
    });
    const app = renderApp(url('?step=1&sub=5'), { user: owner });
    await heading(texts.subSteps.site);
    expect(screen.getByRole('button', { name: 'Télécharger permis.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Adresse retenue : Rue des Tanneries 68100 Mulhouse')).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'plan.pdf', { type: 'application/pdf' });
    await app.user.upload(screen.getByLabelText(new RegExp(`^${texts.permissionDocument}`), { selector: 'input' }), big);
    expect(await screen.findByText(messages.fileTooLarge)).toBeInTheDocument();
    expect(api.bodies('POST', '/documents')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Télécharger permis.pdf' })).toBeInTheDocument();

    // A new permission replaces the wrong one; a file can also be removed (draft or refused).
    const right = new File(['%PDF-1.4 bon'], 'permis-signe.pdf', { type: 'application/pdf' });
    await app.user.upload(screen.getByLabelText(new RegExp(`^${texts.permissionDocument}`), { selector: 'input' }), right);
    expect(await screen.findByRole('button', { name: 'Télécharger permis-signe.pdf' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Télécharger permis.pdf' })).not.toBeInTheDocument());
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/documents/permission-permis.pdf']);

    await app.user.click(screen.getByRole('button', { name: 'Supprimer permis-signe.pdf' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(texts.documentRemoved)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Télécharger permis-signe.pdf' })).not.toBeInTheDocument();
    expect(api.documents).toEqual([]);
    expect(nextButton()).toBeDisabled();
  });
});
