import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { detailsPath, serveInquiry } from './test-utils';

/** The value shown next to a field label (a <dt>/<dd> pair) in a section. */
function field(section: HTMLElement, label: string): string | null {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('listing detail, Récapitulatif détaillé (spec §2)', () => {
  it('shows every field of the listing', async () => {
    const inquiry = makeInquiry({ status: 'APPROVED', soilStudyDelegation: true });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'informations'), { user: employee });

    const project = await screen.findByRole('region', { name: 'Projet' });
    await waitFor(() => expect(document.title).toBe('Récapitulatif détaillé · Écoquartier Rive Droite – tranche 2 · Bourse aux terres'));
    expect(field(project, 'Nom du projet')).toBe('Écoquartier Rive Droite – tranche 2');
    expect(field(project, "Type d'annonce")).toBe('DÉBLAIS');
    expect(field(project, 'Statut')).toBe('Validée');
    expect(field(project, 'Coût de publication')).toBe('80\u00a0crédits');

    const owner_ = screen.getByRole('region', { name: "Maître d'ouvrage" });
    expect(field(owner_, 'Nom')).toBe('Muller');
    expect(field(owner_, 'Prénom')).toBe('Claire');
    expect(field(owner_, 'SIRET')).toBe('55208131766522');
    expect(field(owner_, 'Adresse')).toBe('2 avenue de Colmar, 68100 Mulhouse');

    const site = screen.getByRole('region', { name: 'Chantier' });
    expect(field(site, 'Adresse du site')).toBe('Rue de Thann 68200 Mulhouse');
    expect(field(site, 'Coordonnées GPS')).toBe('47,7456, 7,3123');
    expect(within(site).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['68 2240 00KT 0157', '68 2240 00KT 0158']);
    expect(field(site, 'Surface')).toBe('5,01\u00a0ha');

    const soil = screen.getByRole('region', { name: 'Sol' });
    expect(field(soil, 'Étude de sol')).toBe('Réalisation confiée à la plateforme');
    expect(field(soil, 'Composition')).toBe('2 matériaux renseignés');
    expect(within(soil).getByRole('table', { name: 'Matériaux, quantités et prix' })).toBeInTheDocument();

    const dates = screen.getByRole('region', { name: 'Disponibilité' });
    expect(field(dates, 'Date de début')).toBe('15/01/2027');
    expect(field(dates, 'Date de fin')).toBe('30/06/2027');

    const record = screen.getByRole('region', { name: "Suivi de l'annonce" });
    expect(field(record, 'Exactitude des informations')).toBe('Certifiée par l’annonceur');
    expect(field(record, 'Créée le')).toBe('02/11/2026');
    expect(field(record, 'Mise à jour le')).toBe('10/11/2026');
  });

  it("says 'Adresse non renseignée' and 'Date non renseignée' for what a draft lacks", async () => {
    const draft = makeInquiry({
      status: 'DRAFT',
      projectOwnerStreet: null,
      projectOwnerPostcode: null,
      projectOwnerCity: null,
      projectOwnerSiret: null,
      projectOwnerFirstName: null,
      siteAddress: '  ',
      siteLatitude: null,
      siteLongitude: null,
      parcelNumbers: [],
      quantity: null,
      materials: [],
      startDate: null,
      endDate: null,
      acceptCertification: false,
    });
    serveInquiry(draft);
    renderApp(detailsPath(draft, 'informations'), { user: owner });

    const owner_ = await screen.findByRole('region', { name: "Maître d'ouvrage" });
    expect(field(owner_, 'Adresse')).toBe('Adresse non renseignée');
    expect(field(owner_, 'SIRET')).toBe('Non renseigné');
    expect(field(owner_, 'Prénom')).toBe('Non renseigné');
    const site = screen.getByRole('region', { name: 'Chantier' });
    expect(field(site, 'Adresse du site')).toBe('Adresse non renseignée');
    expect(field(site, 'Coordonnées GPS')).toBe('Non renseigné');
    expect(field(site, 'Parcelles')).toBe('Aucune parcelle renseignée.');
    expect(field(site, 'Surface')).toBe('-');
    const soil = screen.getByRole('region', { name: 'Sol' });
    expect(field(soil, 'Étude de sol')).toBe('Non confiée à la plateforme');
    expect(field(soil, 'Composition')).toBe('Aucun matériau renseigné.');
    const dates = screen.getByRole('region', { name: 'Disponibilité' });
    expect(field(dates, 'Date de début')).toBe('Date non renseignée');
    expect(field(dates, 'Date de fin')).toBe('Date non renseignée');
    expect(field(screen.getByRole('region', { name: "Suivi de l'annonce" }), 'Exactitude des informations')).toBe('Pas encore certifiée');
  });

  it('says when the composition is unknown (the platform analyses it)', async () => {
    const inquiry = makeInquiry({ status: 'PENDING_VALIDATION', groundTypeUnknown: true, materials: [] });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'informations'), { user: owner });
    const soil = await screen.findByRole('region', { name: 'Sol' });
    expect(field(soil, 'Composition')).toBe('Composition inconnue : les analyses seront réalisées par la plateforme');
    expect(field(soil, 'Étude de sol')).toBe("Fournie par l'annonceur (voir Documents)");
    expect(within(soil).queryByRole('table')).not.toBeInTheDocument();
  });
});
