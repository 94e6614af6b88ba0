// Resume, summary, submission, draft saves and failures of the wizard (spec §2, §4, §8; review §13).
import { INQUIRY_WIRE_FIELDS, messages, PROBLEM_TYPES } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { employee, organization, owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';
import { texts } from '../texts';
import {
  completeDocuments,
  completeListing,
  dayFromToday,
  fakeListingApi,
  listing,
  LISTING_ID,
  polyfillRadix,
} from '../testing/fake-listing-api';

beforeAll(polyfillRadix);

const url = (step: number, sub: number) => `/user/create-inquiry/${LISTING_ID}?step=${step}&sub=${sub}`;
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const submitButton = () => screen.getByRole('button', { name: texts.submit });

const expectedWire = {
  project_name: 'ZAC des Tanneries',
  project_owner_first_name: 'Camille',
  project_owner_last_name: 'Muller',
  project_owner_street: '12 rue du Rhin',
  project_owner_postcode: '68100',
  project_owner_city: 'Mulhouse',
  project_owner_siret: '73282932000074',
  site_address: 'Rue des Tanneries 68100 Mulhouse',
  site_latitude: 47.75,
  site_longitude: 7.34,
  parcel_numbers: ['68224000AB0123'],
  quantity: 5.5,
  soil_study_delegation: false,
  ground_type_unknown: false,
  materials: [{ material_name: 'Sable et gravier', ground_composition: 'Alluvions limoneux', quantity: 1200, price: -5, quality_class: 'SUITED_TO_USES', waste_code: '17 05 04' }],
  start_date: dayFromToday(10),
  end_date: dayFromToday(60),
};

describe('wizard: resume and summary', () => {
  it('resumes a saved draft at the URL’s sub-step with its values', async () => {
    fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    const line = screen.getByRole('group', { name: 'Matériau 1' });
    expect(within(line).getByRole('combobox', { name: texts.materialName })).toHaveTextContent('Sable et gravier');
    expect(within(line).getByRole('textbox', { name: texts.materialQuantity })).toHaveValue('1200');
    expect(within(line).getByRole('textbox', { name: texts.materialPrice })).toHaveValue('-5');

    await app.user.click(screen.getByRole('button', { name: texts.previous }));
    await heading(texts.subSteps.soilStudy);
    expect(screen.getByRole('button', { name: 'Télécharger etude.pdf' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: texts.previous }));
    await app.user.click(await screen.findByRole('button', { name: texts.previous }));
    // Back at a step's first sub-step goes to the previous step's last one (spec §4).
    await heading(texts.subSteps.parcels);
    expect(app.location().search).toMatchObject({ step: 2, sub: 1 });
    expect(await screen.findByText('68 2240 00AB 0123', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('keeps what was typed but not saved yet across a reload of the tab, unless the draft changed since', async () => {
    const api = fakeListingApi({ inquiry: listing({ projectOwnerFirstName: 'Camille', projectOwnerLastName: 'Muller' }) });
    const first = renderApp(url(1, 3), { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    await first.user.type(screen.getByRole('textbox', { name: 'Adresse' }), '12 rue du Rhin');
    first.unmount();

    const again = renderApp(url(1, 3), { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    expect(screen.getByRole('textbox', { name: 'Adresse' })).toHaveValue('12 rue du Rhin');
    again.unmount();

    // Someone saved the draft elsewhere: the server's copy wins over the stale typing.
    api.inquiry = { ...api.inquiry!, projectOwnerStreet: '3 place de la Réunion', updatedAt: '2026-11-23T10:00:00.000Z' };
    renderApp(url(1, 3), { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    expect(screen.getByRole('textbox', { name: 'Adresse' })).toHaveValue('3 place de la Réunion');
  });

  it('shows a remblai’s accepted soil on the recap, before the certification (review D6)', async () => {
    fakeListingApi({
      inquiry: completeListing({ type: 'FILL', receivingUse: 'COVERED_GREEN_SPACE', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'], acceptedWasteCodes: ['17 05 04'] }),
      documents: completeDocuments(),
    });
    renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    const ground = screen.getByRole('region', { name: 'Sol' });
    expect(ground).toHaveTextContent('Terres acceptées sur le site');
    expect(ground).toHaveTextContent('Espace vert recouvert');
    expect(ground).toHaveTextContent('Terre inerte du fond géochimique naturel');
    expect(ground).toHaveTextContent('17 05 04');
  });

  it('shows everything entered, the cost from the domain formula and the balance', async () => {
    fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(region('Projet')).toHaveTextContent('DÉBLAIS');
    expect(region('Projet')).toHaveTextContent('ZAC des Tanneries');
    expect(region('Maître d’ouvrage')).toHaveTextContent('Muller Camille');
    expect(region('Maître d’ouvrage')).toHaveTextContent('12 rue du Rhin, 68100 Mulhouse');
    expect(region('Chantier')).toHaveTextContent('permis.pdf');
    expect(region('Parcelles')).toHaveTextContent('68 2240 00AB 0123');
    expect(region('Sol')).toHaveTextContent('5,5 ha');
    expect(region('Sol')).toHaveTextContent('Sable et gravier · Alluvions limoneux');
    expect(screen.getByText(/^Coût de publication/).closest('p')).toHaveTextContent(/^Coût de publication : 80\scrédits$/);
    expect(await screen.findByText(`${texts.balance} : 240 crédits`)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('data-variant', 'success');

    await app.user.click(screen.getByRole('button', { name: 'Modifier : Sol' }));
    await heading(texts.subSteps.surface);
  });
});

describe('wizard: submission', () => {
  it('says the cost is debited at validation, submits, and goes to the dashboard', async () => {
    const api = fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: texts.confirmTitle });
    expect(dialog).toHaveTextContent('Son coût, 80 crédits, sera débité de votre solde (240 crédits) lors de sa validation.');
    await app.user.click(within(dialog).getByRole('button', { name: texts.confirmAction }));

    expect(await screen.findByText(texts.submitted)).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.bodies('PUT')).toEqual([
      { ...expectedWire, accept_certification: true, status: 'PENDING_VALIDATION' },
    ]);
    expect(api.inquiry?.status).toBe('PENDING_VALIDATION');
  });

  it('offers a draft save or buying credits when the balance is too low', async () => {
    const api = fakeListingApi({
      inquiry: completeListing(),
      documents: completeDocuments(),
      organization: { ...organization, creditBalance: 30 },
    });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    await screen.findByText(`${texts.balance} : 30 crédits`);
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: texts.lowBalanceTitle });
    expect(dialog).toHaveTextContent('Le coût de cette annonce, 80 crédits, dépasse votre solde (30 crédits).');
    await app.user.click(within(dialog).getByRole('button', { name: texts.buyCredits }));
    await waitFor(() => expect(app.location().pathname).toBe('/credits/buy'));
    // The purchase comes back to this draft (issue 21).
    expect(app.location().search).toEqual({ redirect: `/user/create-inquiry/${LISTING_ID}` });
    expect(await screen.findByRole('link', { name: 'Revenir à votre annonce' })).toHaveAttribute('href', `/user/create-inquiry/${LISTING_ID}`);
    expect(api.bodies('PUT')).toEqual([{ ...expectedWire, accept_certification: true }]);
    expect(api.inquiry?.status).toBe('DRAFT');
  });

  it('lets an employee with too few credits keep the draft (buying credits is the owner’s)', async () => {
    const api = fakeListingApi({
      inquiry: completeListing(),
      documents: completeDocuments(),
      organization: { ...organization, creditBalance: 0 },
    });
    const app = renderApp(url(4, 1), { user: employee });
    await heading(texts.subSteps.summary);
    await screen.findByText(`${texts.balance} : 0 crédit`);
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: texts.lowBalanceTitle });
    expect(dialog).toHaveTextContent(texts.lowBalanceEmployee);
    expect(within(dialog).queryByRole('button', { name: texts.buyCredits })).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: texts.saveAsDraft }));
    expect(await screen.findByText(texts.draftSaved)).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.bodies('PUT')).toHaveLength(1);
  });

  it('lists the server’s reasons per field when the submission is refused, and leads to each', async () => {
    const api = fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    api.failNextPut(422, messages.qualityRequired, {
      'materials.0.ground_composition': messages.qualityRequired,
      documents: messages.permissionDocumentRequired,
    });
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirmAction }));

    expect(await screen.findByText(texts.submitFailed)).toBeInTheDocument();
    const problems = screen.getByRole('alert', { name: '' });
    expect(problems).toHaveTextContent(texts.serverErrorsTitle);
    expect(problems).toHaveTextContent(`Composition du sol : ${messages.qualityRequired}`);
    expect(problems).toHaveTextContent(`${texts.documentsField} : ${messages.permissionDocumentRequired}`);
    expect(app.location().pathname).toBe(`/user/create-inquiry/${LISTING_ID}`);
    // Nothing is lost: the certification stays ticked.
    expect(screen.getByRole('checkbox', { name: texts.certification })).toBeChecked();

    await app.user.click(within(problems).getByRole('button', { name: `${texts.serverErrorsGoTo} : Composition du sol` }));
    await heading(texts.subSteps.composition);
    expect(screen.getByRole('combobox', { name: texts.quality })).toHaveAccessibleDescription(messages.qualityRequired);
  });

  it('shows the server’s detail when the balance no longer covers the cost', async () => {
    const api = fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    api.failNextPut(409, messages.insufficientBalance, undefined, PROBLEM_TYPES.insufficientBalance);
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirmAction }));
    expect(await screen.findByText(texts.submitFailed)).toBeInTheDocument();
    expect(screen.getByText(messages.insufficientBalance)).toBeInTheDocument();
    expect(app.location().pathname).toBe(`/user/create-inquiry/${LISTING_ID}`);
  });

  it('shows the refusal reason of a refused listing and resubmits it', async () => {
    const api = fakeListingApi({
      inquiry: completeListing({ status: 'REJECTED', rejectionReason: 'La parcelle indiquée n’est pas sur la commune du chantier.' }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(4, 1), { user: owner });
    await heading(texts.subSteps.summary);
    const note = screen.getByRole('note', { name: texts.rejectedTitle });
    expect(note).toHaveTextContent('Motif du refus : La parcelle indiquée n’est pas sur la commune du chantier.');
    await app.user.click(screen.getByRole('checkbox', { name: texts.certification }));
    await app.user.click(submitButton());
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirmAction }));
    expect(await screen.findByText(texts.resubmitted)).toBeInTheDocument();
    expect(api.inquiry?.status).toBe('PENDING_VALIDATION');
  });

  it('does not edit a listing that is no longer a draft or refused', async () => {
    fakeListingApi({ inquiry: completeListing({ status: 'PENDING_VALIDATION' }) });
    renderApp(url(1, 1), { user: owner });
    const note = await screen.findByRole('note', { name: texts.notEditableTitle });
    expect(note).toHaveTextContent('Son statut est « En attente de validation ».');
    expect(within(note).getByRole('link', { name: texts.viewListing })).toHaveAttribute(
      'href',
      `/user/inquiry/details/${LISTING_ID}/overview`,
    );
    expect(screen.queryByRole('button', { name: texts.next })).not.toBeInTheDocument();
  });
});

describe('wizard: draft saves and failures', () => {
  it('keeps the values and shows the server’s reason when a save is refused', async () => {
    const api = fakeListingApi({
      inquiry: listing({ projectOwnerFirstName: 'Camille', projectOwnerLastName: 'Muller', projectOwnerStreet: '1 rue', projectOwnerPostcode: '68100', projectOwnerCity: 'Mulhouse' }),
    });
    const app = renderApp(url(1, 4), { user: owner });
    await heading(texts.subSteps.projectOwnerSiret);
    await app.user.type(screen.getByRole('textbox', { name: 'SIRET' }), '73282932000074');
    api.failNextPut(422, 'Ce SIRET est déjà celui d’une autre entreprise.', {
      project_owner_siret: 'Ce SIRET est déjà celui d’une autre entreprise.',
    });
    await app.user.click(screen.getByRole('button', { name: texts.next }));
    expect(await screen.findByText(texts.draftFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: texts.subSteps.projectOwnerSiret })).toBeInTheDocument();
    const siret = screen.getByRole('textbox', { name: 'SIRET' });
    expect(siret).toHaveValue('73282932000074');
    expect(siret).toHaveAccessibleDescription('Ce SIRET est déjà celui d’une autre entreprise.');
    expect(app.location().search).toMatchObject({ step: 1, sub: 4 });
  });

  it('keeps the values when the network fails, and saves on the next try', async () => {
    fakeListingApi();
    server.use(http.post('*/inquiries', () => HttpResponse.error(), { once: true }));
    const app = renderApp(`/user/create-inquiry/${LISTING_ID}?type=CUT`, { user: owner });
    await heading(texts.subSteps.projectName);
    await app.user.type(screen.getByRole('textbox', { name: 'Nom du projet' }), 'ZAC des Tanneries');
    await app.user.click(screen.getByRole('button', { name: texts.next }));
    expect(await screen.findByText(texts.draftFailed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom du projet' })).toHaveValue('ZAC des Tanneries');
    await app.user.click(screen.getByRole('button', { name: texts.next }));
    await heading(texts.subSteps.projectOwner);
  });

  it('saves every valid sub-step, in wire names only, with ‘Enregistrer le brouillon et quitter’', async () => {
    const api = fakeListingApi({ inquiry: listing({ projectOwnerFirstName: 'Camille', projectOwnerLastName: 'Muller' }) });
    const app = renderApp(url(1, 3), { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    await app.user.type(screen.getByRole('textbox', { name: 'Adresse' }), '12 rue du Rhin');
    await app.user.type(screen.getByRole('textbox', { name: 'Code postal' }), '681');
    await app.user.click(screen.getByRole('button', { name: texts.saveAndQuit }));
    // An invalid value is not dropped silently: the form says why and stays.
    expect(await screen.findByText(texts.fixBeforeSaving)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code postal' })).toHaveAccessibleDescription(messages.postcode);
    expect(screen.getByRole('textbox', { name: 'Ville' })).toHaveAccessibleDescription(messages.required);
    expect(api.bodies('PUT')).toEqual([]);

    await app.user.type(screen.getByRole('textbox', { name: 'Code postal' }), '00');
    await app.user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Mulhouse');
    await app.user.click(screen.getByRole('button', { name: texts.saveAndQuit }));
    expect(await screen.findByText(texts.draftSaved)).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    const [body] = api.bodies('PUT');
    expect(body).toEqual({
      project_name: 'ZAC des Tanneries',
      project_owner_first_name: 'Camille',
      project_owner_last_name: 'Muller',
      project_owner_street: '12 rue du Rhin',
      project_owner_postcode: '68100',
      project_owner_city: 'Mulhouse',
    });
    for (const key of Object.keys(body ?? {})) expect(INQUIRY_WIRE_FIELDS).toContain(key);
  });

  it('needs a project name before a new draft can be saved', async () => {
    const api = fakeListingApi();
    const app = renderApp(`/user/create-inquiry/${LISTING_ID}?type=FILL`, { user: owner });
    await heading(texts.subSteps.projectName);
    await app.user.click(screen.getByRole('button', { name: texts.saveAndQuit }));
    expect(await screen.findByText(texts.nameNeededToSave)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom du projet' })).toHaveAccessibleDescription(expect.stringContaining(messages.required));
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(app.location().pathname).toBe(`/user/create-inquiry/${LISTING_ID}`);
  });
});
