import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type Organization } from '@terres/api-client';
import { OrganisationForm, organisationSections, useAuth, useRouteRetry, type OrganisationFieldInput } from '@terres/app-kit';
import { normalizeRole, type OrganisationEditField } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ErrorState } from '@terres/ui/error-state';
import { useState } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { texts } from '../texts';
import { DetailsList } from './details-list';

/** How the portal types each field; sections, order, labels and limits are the domain's. */
const FIELD_INPUTS: Record<OrganisationEditField, OrganisationFieldInput> = {
  name: { autoComplete: 'organization' },
  registrationNumber: { inputMode: 'numeric', autoComplete: 'off' },
  legalForm: {},
  street: { autoComplete: 'street-address' },
  postcode: { inputMode: 'numeric', autoComplete: 'postal-code' },
  city: { autoComplete: 'address-level2' },
  country: { autoComplete: 'country-name' },
  officePhoneNumber: { type: 'tel', inputMode: 'tel' },
  mobilePhoneNumber: { type: 'tel', inputMode: 'tel' },
  representativeLastName: { autoComplete: 'off' },
  representativeFirstName: { autoComplete: 'off' },
  representativePosition: {},
  representativeEmail: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  representativePhoneNumber: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
};

/** The four sections of spec §2, in its order; the organisation e-mail is shown, not edited. */
const SECTIONS = organisationSections(FIELD_INPUTS);

/**
 * Mon organisation (spec §2 'Votre organisation'): the four sections read-only; the owner's
 * 'Modifier' opens the same sections as a form ('Annuler' puts the saved values back,
 * 'Enregistrer' saves the edit form's fields with the domain's rules). Employees only read.
 */
export function OrganizationPage() {
  const { user } = useAuth();
  const { data: organisation } = useSuspenseQuery(myOrganizationQueryOptions());
  const [editing, setEditing] = useState(false);
  const isOwner = normalizeRole(user?.role) === 'OWNER';

  if (!organisation) return <ErrorState title={texts.organisationNotFound} />;

  return (
    <section className="portal-account" aria-labelledby="portal-organisation-title">
      <div className="portal-account__header">
        <h2 id="portal-organisation-title" className="portal-account__title">
          {texts.organisationTitle}
        </h2>
        {isOwner && !editing ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {texts.edit}
          </Button>
        ) : null}
      </div>
      {isOwner && editing ? (
        <EditForm organisation={organisation} onDone={() => setEditing(false)} />
      ) : (
        <div className="portal-card portal-account__sections">
          {SECTIONS.map((section) => (
            <section key={section.id} className="portal-account__section" aria-labelledby={`portal-org-${section.id}`}>
              <h3 id={`portal-org-${section.id}`} className="portal-account__section-title">
                {section.title}
              </h3>
              <DetailsList
                items={[
                  ...(section.id === 'contacts' ? [{ label: texts.email, value: organisation.email, email: true }] : []),
                  ...section.fields.map((field) => ({ label: field.label, value: organisation[field.name], email: field.type === 'email' })),
                ]}
              />
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

/** The organisation could not load (spec §8), with 'Réessayer'. */
export function OrganizationError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return <ErrorState title={texts.organisationUnavailable} message={parseProblem(error)?.detail} onRetry={retry} />;
}

function EditForm({ organisation, onDone }: { organisation: Organization; onDone: () => void }) {
  const update = useUpdateOrganization();
  return (
    <OrganisationForm
      organisation={organisation}
      sections={SECTIONS}
      texts={{
        email: texts.email,
        emailReadOnly: texts.organisationEmailReadOnly,
        cancel: texts.cancel,
        save: texts.save,
        saving: texts.saving,
        missingId: texts.organisationMissingId,
        updated: texts.organisationUpdated,
        updateFailed: texts.organisationUpdateFailed,
      }}
      classNames={{
        form: 'portal-form portal-card',
        sections: 'portal-account__sections',
        fieldset: 'portal-account__section portal-account__fieldset',
        legend: 'portal-account__section-title',
        actions: 'portal-form__actions',
        actionsEnd: 'portal-form__actions-end',
      }}
      onSave={(id, changes) => update.mutateAsync({ id, changes })}
      onDone={onDone}
    />
  );
}
