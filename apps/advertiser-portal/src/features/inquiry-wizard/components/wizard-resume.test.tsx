// Resuming a listing (issue 21, D1): without a sub-step in the URL ('Reprendre la saisie',
// 'Modifier l'annonce'), the wizard opens where the user left off, the first sub-step left to
// fill, the recap of a complete draft, or the part a refusal names; the stepper's filled-in
// steps open with a click.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { texts } from '../texts';
import { completeDocuments, completeListing, fakeListingApi, listing, LISTING_ID, polyfillRadix } from '../testing/fake-listing-api';

beforeAll(polyfillRadix);

const resume = `/user/create-inquiry/${LISTING_ID}`;
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const stepper = () => screen.getByRole('list', { name: texts.stepsLabel });

describe('wizard: where a listing resumes', () => {
  it('opens a draft at the first sub-step left to fill, and says it in the URL', async () => {
    fakeListingApi({ inquiry: listing({ projectOwnerFirstName: 'Camille', projectOwnerLastName: 'Muller' }) });
    const app = renderApp(resume, { user: owner });
    await heading(texts.subSteps.projectOwnerAddress);
    await waitFor(() => expect(app.location().search).toMatchObject({ step: 1, sub: 3 }));
  });

  it('opens a complete draft on its recap', async () => {
    fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(resume, { user: owner });
    await heading(texts.subSteps.summary);
    await waitFor(() => expect(app.location().search).toMatchObject({ step: 4, sub: 1 }));
  });

  it('opens the sub-step the user was on when they left', async () => {
    fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const first = renderApp(`${resume}?step=3&sub=4`, { user: owner });
    await heading(texts.subSteps.availability);
    first.unmount();

    renderApp(resume, { user: owner });
    await heading(texts.subSteps.availability);
  });

  it('opens a refused listing at the part its refusal names, else on its recap', async () => {
    const api = fakeListingApi({
      inquiry: completeListing({ status: 'REJECTED', rejectionReason: 'L’étude de sol jointe ne porte pas sur ce chantier.' }),
      documents: completeDocuments(),
    });
    const first = renderApp(resume, { user: owner });
    await heading(texts.subSteps.soilStudy);
    expect(screen.getByRole('note', { name: texts.rejectedTitle })).toHaveTextContent('L’étude de sol jointe');
    first.unmount();

    // Refused again for another reason: the new refusal wins over where the user was.
    api.inquiry = { ...api.inquiry!, rejectionReason: 'Annonce en double.', updatedAt: '2026-11-24T10:00:00.000Z' };
    renderApp(resume, { user: owner });
    await heading(texts.subSteps.summary);
  });

  it('never opens past what is filled in', async () => {
    fakeListingApi({
      inquiry: completeListing({ status: 'REJECTED', rejectionReason: 'Les dates de disponibilité sont passées.' }),
      documents: [],
    });
    renderApp(resume, { user: owner });
    // The permit is missing: the site's sub-step comes first.
    await heading(texts.subSteps.site);
  });
});

describe('wizard: the stepper', () => {
  it('opens a filled-in step with a click or the keyboard; the current step and the unreachable ones are no buttons', async () => {
    fakeListingApi({ inquiry: completeListing({ startDate: null, endDate: null }), documents: completeDocuments() });
    const app = renderApp(`${resume}?step=3&sub=3`, { user: owner });
    await heading(texts.subSteps.composition);
    const list = stepper();
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([expect.stringContaining('Informations du projet'), expect.stringContaining('Parcelles')]);
    expect(within(list).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');

    await app.user.click(within(list).getByRole('button', { name: /^Parcelles/ }));
    await heading(texts.subSteps.parcels);
    expect(app.location().search).toMatchObject({ step: 2, sub: 1 });

    // Back at step 2, step 3 (filled up to its dates) opens again, from the keyboard too.
    const soil = within(stepper()).getByRole('button', { name: /^Informations sur le sol/ });
    soil.focus();
    await app.user.keyboard('{Enter}');
    await heading(texts.subSteps.surface);
  });

  it('opens the recap from the stepper once everything is filled in', async () => {
    fakeListingApi({ inquiry: completeListing(), documents: completeDocuments() });
    const app = renderApp(`${resume}?step=1&sub=2`, { user: owner });
    await heading(texts.subSteps.projectOwner);
    await app.user.click(within(stepper()).getByRole('button', { name: /^Récapitulatif/ }));
    await heading(texts.subSteps.summary);
  });
});
