import { updateOrganization, type Organization } from '@terres/api-client';
import { messages, type OrganisationEditField } from '@terres/domain';
import { ToastProvider } from '@terres/ui/toast';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TEST_API as API, setupApiServer } from '../../test/api-server';
import { OrganisationForm, organisationSections, type OrganisationFieldInput, type OrganisationFormProps } from './organisation-form';

const server = setupApiServer();

/** What a user reads beside each field, written out here: a change to the domain's labels shows. */
const LABELS: Record<OrganisationEditField, string> = {
  name: 'Raison sociale',
  registrationNumber: 'SIRET',
  legalForm: 'Forme juridique',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  officePhoneNumber: 'Téléphone fixe',
  mobilePhoneNumber: 'Téléphone portable',
  representativeLastName: 'Nom',
  representativeFirstName: 'Prénom',
  representativePosition: 'Fonction',
  representativeEmail: 'Email du représentant',
  representativePhoneNumber: 'Téléphone du représentant',
};
// The labels the form shows: the domain's, whatever the app passes for its inputs.
const SECTIONS = organisationSections(Object.fromEntries(Object.keys(LABELS).map((name) => [name, {}])) as Record<OrganisationEditField, OrganisationFieldInput>);

const organisation: Organization = {
  id: 'org-1',
  name: 'Terrassements du Val',
  registrationNumber: '73282932000074',
  legalForm: 'SAS',
  street: '1 rue du Port',
  postcode: '44000',
  city: 'Nantes',
  country: 'France',
  email: 'contact@val.fr',
  officePhoneNumber: '0240000000',
  mobilePhoneNumber: '0600000000',
  representativeFirstName: 'Léa',
  representativeLastName: 'Martin',
  representativePosition: 'Gérante',
  representativeEmail: 'lea@val.fr',
  representativePhoneNumber: '0611111111',
  verified: false,
  archived: false,
  creditBalance: 0,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

function renderForm(props: Partial<OrganisationFormProps> = {}) {
  const onDone = vi.fn();
  const sent: unknown[] = [];
  server.use(
    http.put(`${API}/organizations/:id`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(organisation);
    }),
  );
  render(
    <ToastProvider>
      <OrganisationForm
        organisation={organisation}
        sections={SECTIONS}
        texts={{
          email: 'Email',
          emailReadOnly: 'Ne se modifie pas ici.',
          cancel: 'Annuler',
          save: 'Enregistrer',
          saving: 'Enregistrement...',
          missingId: 'ID manquant',
          updated: 'Organisation mise à jour',
          updateFailed: 'Échec de la mise à jour',
          noChanges: 'Aucune modification à enregistrer.',
        }}
        classNames={{ form: 'f', sections: 's', fieldset: 'fs', legend: 'l', actions: 'a' }}
        onSave={(id, changes) => updateOrganization(id, changes)}
        onDone={onDone}
        aria-label="Informations"
        {...props}
      />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), onDone, sent };
}

describe('OrganisationForm', () => {
  it("shows the domain's four sections with the app's labels and the e-mail read only", () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Informations' });
    expect(within(form).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Identité',
      'Siège Social',
      'Coordonnées',
      'Représentant légal',
    ]);
    expect(screen.getByLabelText(/^Raison sociale/)).toHaveValue('Terrassements du Val');
    expect(screen.getByDisplayValue('contact@val.fr')).toHaveAttribute('readonly');
  });

  it('with changedOnly, sends only what changed (wire names) and says when nothing did', async () => {
    const { user, onDone, sent } = renderForm({ changedOnly: true });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Aucune modification à enregistrer.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(onDone).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText(/^Ville/));
    await user.type(screen.getByLabelText(/^Ville/), 'Rezé');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Organisation mise à jour')).toBeInTheDocument();
    expect(sent).toEqual([{ city: 'Rezé' }]);
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it("checks with the domain's rules before sending, and shows a 422's reasons on their fields", async () => {
    const { user, sent } = renderForm();
    await user.clear(screen.getByLabelText(/^Raison sociale/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(messages.organisationNameRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    server.use(
      http.put(`${API}/organizations/:id`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'Données invalides.', errors: { postcode: ['Code postal inconnu.'] } },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await user.type(screen.getByLabelText(/^Raison sociale/), 'Terrassements du Lac');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Code postal inconnu.')).toBeInTheDocument();
    expect(screen.getByText('Échec de la mise à jour')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Raison sociale/)).toHaveValue('Terrassements du Lac');
  });
});
