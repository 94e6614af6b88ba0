// Steps 2 and 3 (parcels, ground information) of the wizard, in the real route tree on MSW.
import type { Inquiry } from '@terres/api-client';
import { calendarDateToDisplay, formatEuros, matchingMessages, MAX_MATERIAL_LINES, MAX_PARCELS, messages, POP_HELP, POP_LABEL, POP_LABELS } from '@terres/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';
import { texts } from '../texts';
import {
  completeDocuments,
  completeListing,
  dayFromToday,
  document,
  fakeListingApi,
  LISTING_ID,
  polyfillRadix,
} from '../testing/fake-listing-api';

beforeAll(polyfillRadix);

const url = (step: number, sub: number) => `/user/create-inquiry/${LISTING_ID}?step=${step}&sub=${sub}`;
const nextButton = () => screen.getByRole('button', { name: texts.next });
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** Step 1 done; step 2 onwards as given. */
function upTo(overrides: Partial<Inquiry>): Inquiry {
  return completeListing({
    parcelNumbers: [],
    quantity: null,
    materials: [],
    startDate: null,
    endDate: null,
    ...overrides,
  });
}

describe('wizard, step 2: parcels', () => {
  it('works without the cadastre service: parcel numbers typed, listed, removed, then saved', async () => {
    const api = fakeListingApi({ inquiry: upTo({}), documents: [document('PERMISSION', 'permis.pdf')] });
    const app = renderApp(url(2, 1), { user: owner });
    await heading(texts.subSteps.parcels);
    // The map component loads on demand (and maplibre with it): a loaded machine takes its time.
    expect(await screen.findByText('Impossible de charger le TileJSON cadastre', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();

    const entry = screen.getByRole('textbox', { name: 'Numéro de parcelle' });
    await app.user.type(entry, 'AB12{Enter}');
    expect(await screen.findByText(messages.parcelId)).toBeInTheDocument();
    await app.user.clear(entry);
    await app.user.type(entry, '68 224 000ab0123{Enter}');
    await app.user.type(entry, '68224000AB0124{Enter}');
    expect(screen.getByText('68 2240 00AB 0123')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Retirer la parcelle 68 2240 00AB 0124' }));
    expect(screen.queryByText('68 2240 00AB 0124')).not.toBeInTheDocument();

    await app.user.click(nextButton());
    await heading(texts.subSteps.surface);
    expect(screen.getByText(texts.draftSaved)).toBeInTheDocument();
    expect(api.bodies('PUT')).toEqual([{ parcel_numbers: ['68224000AB0123'] }]);
  });
});

describe('wizard, step 2: the parcel limit', () => {
  it(`stops at ${MAX_PARCELS} parcels with the domain's message, removals still possible`, async () => {
    const ids = Array.from({ length: MAX_PARCELS }, (_, i) => `68224000AB${String(i).padStart(4, '0')}`);
    const api = fakeListingApi({ inquiry: upTo({ parcelNumbers: ids }), documents: [document('PERMISSION', 'permis.pdf')] });
    const app = renderApp(url(2, 1), { user: owner });
    await heading(texts.subSteps.parcels);
    expect(await screen.findByText(messages.parcelsMax, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter la parcelle' })).toBeDisabled();
    await app.user.type(screen.getByRole('textbox', { name: 'Numéro de parcelle' }), '68224000ZZ0001{Enter}');
    expect(screen.queryByText('68 2240 00ZZ 0001')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Retirer la parcelle 68 2240 00AB 0000' }));
    expect(screen.queryByText(messages.parcelsMax)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter la parcelle' })).toBeEnabled();
    await app.user.click(nextButton());
    await heading(texts.subSteps.surface);
    expect(api.bodies('PUT')).toEqual([{ parcel_numbers: ids.slice(1) }]);
  }, 120_000);
});

describe('wizard, step 3: ground information', () => {
  it('takes a surface above 0 and at most 1000 ha, with a French decimal comma, and shows its cost', async () => {
    const api = fakeListingApi({ inquiry: upTo({ parcelNumbers: ['68224000AB0123'] }), documents: completeDocuments() });
    const app = renderApp(url(3, 1), { user: owner });
    await heading(texts.subSteps.surface);
    const surface = screen.getByRole('textbox', { name: texts.surface });
    expect(screen.getByText(texts.costUnknown)).toBeInTheDocument();

    await app.user.type(surface, '0');
    await app.user.tab();
    expect(surface).toHaveAccessibleDescription(expect.stringContaining(messages.surfacePositive));
    await app.user.clear(surface);
    await app.user.type(surface, '1000,5');
    await app.user.tab();
    expect(surface).toHaveAccessibleDescription(expect.stringContaining(messages.surfaceMax));
    await app.user.clear(surface);
    await app.user.type(surface, 'deux');
    await app.user.tab();
    expect(surface).toHaveAccessibleDescription(expect.stringContaining(texts.numberInvalid));
    expect(nextButton()).toBeDisabled();

    await app.user.clear(surface);
    await app.user.type(surface, '5,01');
    expect(screen.getByText('Coût de publication : 80 crédits')).toBeInTheDocument();
    await app.user.click(nextButton());
    await heading(texts.subSteps.soilStudy);
    expect(api.bodies('PUT')).toEqual([{ quantity: 5.01 }]);
  });

  it('needs a soil study file or its delegation to the platform', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2 }),
      documents: [document('PERMISSION', 'permis.pdf')],
    });
    const app = renderApp(url(3, 2), { user: owner });
    await heading(texts.subSteps.soilStudy);
    expect(nextButton()).toBeDisabled();
    const delegation = screen.getByRole('checkbox', { name: texts.soilStudyDelegation });
    await app.user.click(delegation);
    expect(nextButton()).toBeEnabled();
    await app.user.click(delegation);
    expect(screen.getByText(messages.soilStudyRequired)).toBeInTheDocument();

    const file = new File(['%PDF-1.4 étude'], 'etude-de-sol.pdf', { type: 'application/pdf' });
    await app.user.upload(screen.getByLabelText(new RegExp(`^${texts.soilStudyDocument}`), { selector: 'input' }), file);
    expect(await screen.findByRole('button', { name: 'Télécharger etude-de-sol.pdf' }, { timeout: 5000 })).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    await app.user.click(nextButton());
    await heading(texts.subSteps.composition);
    expect(api.bodies('POST', '/documents')).toEqual([{ kind: 'SOIL_STUDY', fileName: 'etude-de-sol.pdf' }]);
    // The delegation is as the server has it: an intermediate sub-step sends nothing unchanged.
    expect(api.bodies('PUT')).toEqual([]);
  });

  it("does not take a soil study the platform sent for the organisation's own", async () => {
    fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2 }),
      documents: [document('PERMISSION', 'permis.pdf'), { ...document('SOIL_STUDY', 'etude-plateforme.pdf'), source: 'PLATFORM' }],
    });
    renderApp(url(3, 2), { user: owner });
    await heading(texts.subSteps.soilStudy);
    expect(screen.queryByText('etude-plateforme.pdf')).not.toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  it(`stops at ${MAX_MATERIAL_LINES} material lines with the domain's message`, async () => {
    const row = {
      materialName: 'Terre Végétale',
      groundComposition: 'Bonne qualité',
      quantity: 10,
      price: 8,
      qualityClass: 'INERT_NATURAL_BACKGROUND',
      wasteCode: '17 05 04',
    } as Inquiry['materials'][number];
    fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2, materials: Array.from({ length: MAX_MATERIAL_LINES - 1 }, () => ({ ...row })) }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    const add = screen.getByRole('button', { name: texts.addMaterial });
    expect(add).toBeEnabled();
    expect(screen.queryByText(messages.materialLinesMax)).toBeNull();

    await app.user.click(add);
    expect(screen.getByRole('group', { name: `Matériau ${MAX_MATERIAL_LINES}` })).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(messages.materialLinesMax);
    expect(screen.getByText(messages.materialLinesMax)).toBeInTheDocument();
    await app.user.click(add);
    expect(screen.queryByRole('group', { name: `Matériau ${MAX_MATERIAL_LINES + 1}` })).toBeNull();

    // Removing a line gives the button back.
    await app.user.click(screen.getByRole('button', { name: `Supprimer le matériau ${MAX_MATERIAL_LINES}` }));
    expect(add).toBeEnabled();
    expect(screen.queryByText(messages.materialLinesMax)).toBeNull();
    // Fifty lines of selects in happy-dom on a loaded machine: a generous limit, not a speed check.
  }, 120_000);

  it('builds material lines from the catalogue: a material resets quality and price, a quality fills the price', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2 }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    expect(nextButton()).toBeDisabled();
    const line = () => screen.getByRole('group', { name: 'Matériau 1' });
    const quality = () => within(line()).getByRole('combobox', { name: texts.quality });
    const price = () => within(line()).getByRole('textbox', { name: texts.materialPrice });
    expect(quality()).toBeDisabled();

    await app.user.click(within(line()).getByRole('combobox', { name: texts.materialName }));
    await app.user.click(await screen.findByRole('option', { name: 'Sable et gravier' }));
    await app.user.click(quality());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Alluvions du Rhin blanc/gris',
      'Alluvions des vallées et piémont faiblement limoneux',
      'Alluvions limoneux',
      'Nature inconnue',
    ]);
    await app.user.click(screen.getByRole('option', { name: 'Alluvions limoneux' }));
    expect(price()).toHaveValue('-5');

    const quantity = within(line()).getByRole('textbox', { name: texts.materialQuantity });
    await app.user.type(quantity, '1200');
    const total = within(line()).getByRole('status', { name: texts.lineTotal });
    expect(total.textContent).toBe(formatEuros(-6000));
    expect(total.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'negative');

    // Another material: quality and price go, the quantity stays.
    await app.user.click(within(line()).getByRole('combobox', { name: texts.materialName }));
    await app.user.click(await screen.findByRole('option', { name: 'Terre Végétale' }));
    expect(quality()).toHaveTextContent(texts.qualityPlaceholder);
    expect(price()).toHaveValue('');
    expect(quantity).toHaveValue('1200');
    expect(within(line()).getByRole('status', { name: texts.lineTotal })).toHaveTextContent('-');
    expect(nextButton()).toBeDisabled();
    await app.user.click(quality());
    await app.user.click(await screen.findByRole('option', { name: 'Bonne qualité' }));
    expect(price()).toHaveValue('8');
    expect(within(line()).getByRole('status', { name: texts.lineTotal }).querySelector('[data-tone]')).toHaveAttribute(
      'data-tone',
      'positive',
    );
    // A price of 0 is grey; a price may be changed by hand.
    await app.user.clear(price());
    await app.user.type(price(), '0');
    expect(within(line()).getByRole('status', { name: texts.lineTotal }).querySelector('[data-tone]')).toHaveAttribute(
      'data-tone',
      'zero',
    );

    // A second, empty line blocks Next until it is complete or removed.
    await app.user.click(screen.getByRole('button', { name: texts.addMaterial }));
    expect(screen.getByRole('group', { name: 'Matériau 2' })).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'Supprimer le matériau 2' }));
    // The soil's quality class and waste code are asked of every CUT line (issue 11).
    expect(nextButton()).toBeDisabled();
    await app.user.click(within(line()).getByRole('combobox', { name: texts.qualityClass }));
    await app.user.click(await screen.findByRole('option', { name: 'Terre compatible avec certains usages' }));
    await app.user.click(within(line()).getByRole('combobox', { name: texts.wasteCode }));
    await app.user.click(await screen.findByRole('option', { name: /^20 02 02/ }));
    expect(nextButton()).toBeEnabled();
    await app.user.click(nextButton());
    await heading(texts.subSteps.availability);
    expect(api.bodies('PUT')).toEqual([
      {
        ground_type_unknown: false,
        materials: [
          { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 1200, price: 0, quality_class: 'SUITED_TO_USES', waste_code: '20 02 02' },
        ],
      },
    ]);
  });

  it("records a CUT line's quality class and waste code, and refuses a hazardous code on natural inert soil", async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2, materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 500, price: 8, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }] }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    const line = () => screen.getByRole('group', { name: 'Matériau 1' });
    await app.user.click(within(line()).getByRole('combobox', { name: texts.qualityClass }));
    await app.user.click(await screen.findByRole('option', { name: 'Terre inerte du fond géochimique naturel' }));
    await app.user.click(within(line()).getByRole('combobox', { name: texts.wasteCode }));
    await app.user.click(await screen.findByRole('option', { name: /^17 05 03\*/ }));
    expect(nextButton()).toBeDisabled();
    await app.user.tab();
    expect(await within(line()).findByText(matchingMessages.hazardousNotInert)).toBeInTheDocument();
    await app.user.click(within(line()).getByRole('combobox', { name: texts.wasteCode }));
    await app.user.click(await screen.findByRole('option', { name: /^17 05 04/ }));
    expect(nextButton()).toBeEnabled();
    await app.user.click(nextButton());
    await heading(texts.subSteps.availability);
    expect(api.bodies('PUT')).toEqual([
      {
        ground_type_unknown: false,
        materials: [
          { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 500, price: 8, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' },
        ],
      },
    ]);
  });

  it("records a CUT line's POP declaration, optional, with its help text; a FILL line has none", async () => {
    const api = fakeListingApi({
      inquiry: upTo({
        parcelNumbers: ['68224000AB0123'],
        quantity: 2,
        materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 500, price: 8, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04', pop: 'UNKNOWN' }],
      }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    const line = () => screen.getByRole('group', { name: 'Matériau 1' });
    const pop = within(line()).getByRole('combobox', { name: POP_LABEL });
    // A line saved without a declaration shows « Non renseigné » and the step still goes on.
    expect(pop).toHaveTextContent(POP_LABELS.UNKNOWN);
    expect(within(line()).getByText(POP_HELP)).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    await app.user.click(pop);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Non : pas de POP (analyses à l’appui)',
      'Oui : la terre contient des POP',
      'Non renseigné',
    ]);
    await app.user.click(screen.getByRole('option', { name: 'Non : pas de POP (analyses à l’appui)' }));
    await app.user.click(nextButton());
    await heading(texts.subSteps.availability);
    expect(api.bodies('PUT')).toEqual([
      {
        ground_type_unknown: false,
        materials: [
          { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 500, price: 8, quality_class: 'SUITED_TO_USES', waste_code: '17 05 04', pop: 'ABSENT' },
        ],
      },
    ]);
  });

  it("records what a FILL site accepts: its use, the classes that use admits, the codes", async () => {
    const api = fakeListingApi({
      inquiry: upTo({ type: 'FILL', parcelNumbers: ['68224000AB0123'], quantity: 2, materials: [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 500, price: 2, qualityClass: 'UNKNOWN', wasteCode: null, pop: 'UNKNOWN' }] }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    const acceptance = screen.getByRole('group', { name: texts.acceptanceTitle });
    expect(within(acceptance).queryByRole('combobox', { name: texts.qualityClass })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: POP_LABEL })).not.toBeInTheDocument();
    await app.user.click(within(acceptance).getByRole('combobox', { name: texts.receivingUse }));
    await app.user.click(await screen.findByRole('option', { name: 'Jardins, cultures ou élevage' }));
    // Food growing admits natural inert soil only.
    const classes = within(acceptance).getByRole('group', { name: texts.acceptedClasses });
    expect(within(classes).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent ?? '')).toHaveLength(1);
    expect(nextButton()).toBeDisabled();
    await app.user.click(within(classes).getByRole('checkbox', { name: 'Terre inerte du fond géochimique naturel' }));
    const codes = within(acceptance).getByRole('group', { name: texts.acceptedCodes });
    await app.user.click(within(codes).getByRole('checkbox', { name: /^17 05 04/ }));
    expect(nextButton()).toBeEnabled();
    await app.user.click(nextButton());
    await heading(texts.subSteps.availability);
    expect(api.bodies('PUT')[0]).toMatchObject({
      receiving_use: 'FOOD_GROWING',
      accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'],
      accepted_waste_codes: ['17 05 04'],
    });
  });

  it('accepts an unknown composition instead of material lines', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2 }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 3), { user: owner });
    await heading(texts.subSteps.composition);
    await app.user.type(screen.getByRole('textbox', { name: texts.materialQuantity }), '0');
    await app.user.tab();
    expect(screen.getByRole('textbox', { name: texts.materialQuantity })).toHaveAccessibleDescription(messages.quantityPositive);
    await app.user.click(screen.getByRole('checkbox', { name: texts.groundTypeUnknown }));
    expect(screen.queryByRole('group', { name: 'Matériau 1' })).not.toBeInTheDocument();
    await app.user.click(nextButton());
    await heading(texts.subSteps.availability);
    expect(api.bodies('PUT')).toEqual([{ ground_type_unknown: true, materials: [] }]);
  });

  it('takes availability dates in the window with the end not before the start', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2, groundTypeUnknown: true }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 4), { user: owner });
    await heading(texts.subSteps.availability);
    const start = screen.getByRole('textbox', { name: texts.startDate });
    const end = screen.getByRole('textbox', { name: texts.endDate });
    await app.user.type(start, calendarDateToDisplay(dayFromToday(-1)));
    await app.user.tab();
    expect(start).toHaveAccessibleDescription(expect.stringContaining(messages.dateBeforeToday));
    await app.user.clear(start);
    await app.user.type(start, calendarDateToDisplay(dayFromToday(30)));
    await app.user.type(end, calendarDateToDisplay(dayFromToday(20)));
    await app.user.click(start);
    expect(end).toHaveAccessibleDescription(expect.stringMatching(/antérieure/));
    expect(nextButton()).toBeDisabled();
    await app.user.clear(end);
    await app.user.type(end, calendarDateToDisplay(dayFromToday(40)));
    await app.user.click(nextButton());
    await heading(texts.subSteps.otherDocuments);
    expect(api.bodies('PUT')).toEqual([{ start_date: dayFromToday(30), end_date: dayFromToday(40) }]);
  });

  it('takes other documents, optional, and saves the whole step at its end', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2, groundTypeUnknown: true, startDate: dayFromToday(3), endDate: dayFromToday(9) }),
      documents: completeDocuments(),
    });
    const app = renderApp(url(3, 5), { user: owner });
    await heading(texts.subSteps.otherDocuments);
    expect(nextButton()).toBeEnabled();
    const input = screen.getByLabelText(new RegExp(`^${texts.otherDocuments}`), { selector: 'input' });
    await app.user.upload(input, [
      new File(['%PDF-1.4 a'], 'plan.pdf', { type: 'application/pdf' }),
      new File(['\x89PNG b'], 'photo.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByRole('button', { name: 'Télécharger photo.png' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Télécharger plan.pdf' }, { timeout: 5000 })).toBeInTheDocument();
    await app.user.click(nextButton());
    await heading(texts.subSteps.summary);
    expect(screen.getByText(texts.draftSaved)).toBeInTheDocument();
    expect(api.bodies('PUT')).toEqual([
      {
        quantity: 2,
        soil_study_delegation: false,
        ground_type_unknown: true,
        materials: [],
        start_date: dayFromToday(3),
        end_date: dayFromToday(9),
      },
    ]);
  });

  it('says why the API refused a file, and lets the user retry or dismiss it', async () => {
    const api = fakeListingApi({
      inquiry: upTo({ parcelNumbers: ['68224000AB0123'], quantity: 2, groundTypeUnknown: true, startDate: dayFromToday(3), endDate: dayFromToday(9) }),
      documents: completeDocuments(),
    });
    server.use(
      http.post(
        '*/inquiries/:id/documents',
        () =>
          HttpResponse.json(
            { type: 'about:blank', title: 'Unsupported Media Type', status: 415, detail: messages.fileType },
            { status: 415, headers: { 'Content-Type': 'application/problem+json' } },
          ),
        { once: true },
      ),
    );
    const app = renderApp(url(3, 5), { user: owner });
    await heading(texts.subSteps.otherDocuments);
    const input = screen.getByLabelText(new RegExp(`^${texts.otherDocuments}`), { selector: 'input' });
    await app.user.upload(input, new File(['pas un pdf'], 'faux.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.fileType, {}, { timeout: 5000 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByRole('button', { name: 'Télécharger faux.pdf' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.bodies('POST', '/documents')).toEqual([{ kind: 'OTHER', fileName: 'faux.pdf' }]);
  });
});

