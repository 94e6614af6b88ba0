import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type Organization } from '@terres/api-client';
import { useAuth, useRouteRetry } from '@terres/app-kit';
import {
  normalizeRole,
  ORGANISATION_EDIT_FIELDS,
  ORGANISATION_EDIT_MAX_LENGTHS,
  ORGANISATION_SECTIONS,
  organisationEditSchema,
  toSnakeKeys,
  type OrganisationEditField,
  type OrganisationSection,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ErrorState } from '@terres/ui/error-state';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState, type HTMLInputAutoCompleteAttribute } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { text, useDomainForm } from '../../../lib/use-domain-form';
import { useUpdateOrganization } from '../api/update-organization';
import { texts } from '../texts';
import { DetailsList } from './details-list';

type EditField = OrganisationEditField;

interface FieldSpec {
  name: EditField;
  label: string;
  maxLength: number;
  type?: 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
}

interface Section {
  id: OrganisationSection['id'];
  title: string;
  fields: readonly FieldSpec[];
}

/** How the portal labels and types each field; sections, order and limits are the domain's. */
const FIELD_INPUTS: Record<EditField, Omit<FieldSpec, 'name' | 'maxLength'>> = {
  name: { label: texts.name, autoComplete: 'organization' },
  registrationNumber: { label: texts.registrationNumber, inputMode: 'numeric', autoComplete: 'off' },
  legalForm: { label: texts.legalForm },
  street: { label: texts.street, autoComplete: 'street-address' },
  postcode: { label: texts.postcode, inputMode: 'numeric', autoComplete: 'postal-code' },
  city: { label: texts.city, autoComplete: 'address-level2' },
  country: { label: texts.country, autoComplete: 'country-name' },
  officePhoneNumber: { label: texts.officePhoneNumber, type: 'tel', inputMode: 'tel' },
  mobilePhoneNumber: { label: texts.mobilePhoneNumber, type: 'tel', inputMode: 'tel' },
  representativeLastName: { label: texts.lastName, autoComplete: 'off' },
  representativeFirstName: { label: texts.firstName, autoComplete: 'off' },
  representativePosition: { label: texts.representativePosition },
  representativeEmail: { label: texts.email, type: 'email', inputMode: 'email', autoComplete: 'off' },
  representativePhoneNumber: { label: texts.phoneNumber, type: 'tel', inputMode: 'tel', autoComplete: 'off' },
};

/** The four sections of spec §2, in its order; the organisation e-mail is shown, not edited. */
const SECTIONS: readonly Section[] = ORGANISATION_SECTIONS.map((section) => ({
  id: section.id,
  title: section.title,
  fields: section.fields.map((name) => ({ name, maxLength: ORGANISATION_EDIT_MAX_LENGTHS[name], ...FIELD_INPUTS[name] })),
}));

const FIELDS = ORGANISATION_EDIT_FIELDS;

function valuesOf(organisation: Organization): Record<EditField, string> {
  return Object.fromEntries(FIELDS.map((name) => [name, text(organisation[name])])) as Record<EditField, string>;
}

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
        <OrganisationForm organisation={organisation} onDone={() => setEditing(false)} />
      ) : (
        <div className="portal-card portal-account__sections">
          {SECTIONS.map((section) => (
            <section key={section.id} className="portal-account__section" aria-labelledby={`portal-org-${section.id}`}>
              <h3 id={`portal-org-${section.id}`} className="portal-account__section-title">
                {section.title}
              </h3>
              <DetailsList
                items={[
                  ...(section.id === 'contacts' ? [{ label: texts.email, value: organisation.email }] : []),
                  ...section.fields.map((field) => ({ label: field.label, value: organisation[field.name] })),
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

function OrganisationForm({ organisation, onDone }: { organisation: Organization; onDone: () => void }) {
  const update = useUpdateOrganization();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const saved = valuesOf(organisation);
  const form = useDomainForm(organisationEditSchema, saved);

  const submit = async () => {
    const values = form.validate();
    if (!values || saving) return;
    if (!organisation.id) {
      toast.error(texts.organisationMissingId);
      return;
    }
    setSaving(true);
    try {
      await update.mutateAsync({ id: organisation.id, changes: toSnakeKeys(values) });
      toast.success(texts.organisationUpdated);
      onDone();
    } catch (error) {
      const explained = form.showServerErrors(error);
      toast.error(texts.organisationUpdateFailed, explained ? undefined : parseProblem(error)?.detail);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="portal-form portal-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="portal-account__sections">
        {SECTIONS.map((section) => (
          <fieldset key={section.id} className="portal-account__section portal-account__fieldset">
            <legend className="portal-account__section-title">{section.title}</legend>
            {section.id === 'contacts' ? (
              <TextField label={texts.email} type="email" value={text(organisation.email)} readOnly hint={texts.organisationEmailReadOnly} />
            ) : null}
            {section.fields.map((field) => (
              <TextField
                key={field.name}
                label={field.label}
                required={field.name !== 'country'}
                type={field.type ?? 'text'}
                maxLength={field.maxLength}
                showCounter={field.type === undefined && field.inputMode === undefined}
                {...(field.inputMode ? { inputMode: field.inputMode } : {})}
                {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
                {...form.field(field.name)}
              />
            ))}
          </fieldset>
        ))}
      </div>
      <div className="portal-form__actions">
        <div className="portal-form__actions-end">
          <Button
            type="button"
            variant="ghost"
            disabled={saving}
            onClick={() => {
              form.reset(saved);
              onDone();
            }}
          >
            {texts.cancel}
          </Button>
          <Button type="submit" loading={saving} loadingLabel={texts.saving}>
            {texts.save}
          </Button>
        </div>
      </div>
    </form>
  );
}
