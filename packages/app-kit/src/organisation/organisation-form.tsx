// The organisation's edit form, one for both apps (the console's admin edit, the portal's owner
// edit): the domain's sections, order, labels, limits and rules; each app brings how its inputs
// are typed, its class names, what saving does to its cache, and whether only the changed
// fields are checked and sent.
import type { Organization, UpdateOrganizationRequest } from '@terres/api-client';
import { parseProblem } from '@terres/api-client';
import {
  ORGANISATION_EDIT_MAX_LENGTHS,
  ORGANISATION_FIELD_LABELS,
  ORGANISATION_SECTIONS,
  organisationEditSchema,
  toSnakeKeys,
  type OrganisationEditField,
  type OrganisationSection,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState, type HTMLInputAutoCompleteAttribute } from 'react';
import { formText, useDomainForm, type FormValues } from '../forms/use-domain-form';

/** How an app labels and types one field. */
/** How an app types a field's input; its label is the domain's (`ORGANISATION_FIELD_LABELS`). */
export interface OrganisationFieldInput {
  type?: 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
}

export interface OrganisationFieldSpec extends OrganisationFieldInput {
  name: OrganisationEditField;
  label: string;
  maxLength: number;
}

export interface OrganisationFormSection {
  id: OrganisationSection['id'];
  title: string;
  fields: readonly OrganisationFieldSpec[];
}

/** The domain's sections (spec §2: Identité, Siège Social, Coordonnées, Représentant légal) with an app's inputs. */
export function organisationSections(
  inputs: Record<OrganisationEditField, OrganisationFieldInput>,
): readonly OrganisationFormSection[] {
  return ORGANISATION_SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    fields: section.fields.map((name) => ({ name, label: ORGANISATION_FIELD_LABELS[name], maxLength: ORGANISATION_EDIT_MAX_LENGTHS[name], ...inputs[name] })),
  }));
}

/** The form's values for an organisation (a missing value is an empty field). */
export function organisationFormValues(
  organisation: Organization,
  sections: readonly OrganisationFormSection[],
): FormValues<OrganisationEditField> {
  return Object.fromEntries(
    sections.flatMap((section) => section.fields.map((field) => [field.name, formText(organisation[field.name])])),
  ) as FormValues<OrganisationEditField>;
}

export interface OrganisationFormTexts {
  email: string;
  emailReadOnly: string;
  cancel: string;
  save: string;
  saving: string;
  missingId: string;
  updated: string;
  updateFailed: string;
  /** With `changedOnly`: the info toast when nothing changed. */
  noChanges?: string;
}

export interface OrganisationFormClassNames {
  form: string;
  sections: string;
  fieldset: string;
  legend: string;
  actions: string;
  /** A wrapper of the buttons inside `actions`, where the app's layout has one. */
  actionsEnd?: string;
}

export interface OrganisationFormProps {
  organisation: Organization;
  sections: readonly OrganisationFormSection[];
  texts: OrganisationFormTexts;
  classNames: OrganisationFormClassNames;
  /** Saves the fields (wire names); the app's mutation hook, which keeps its cache in step. */
  onSave: (id: string, changes: UpdateOrganizationRequest) => Promise<unknown>;
  /** Leaves the form (after 'Annuler', a save, or nothing to save). */
  onDone: () => void;
  /** Check and send only what changed (see `useDomainForm`); otherwise every field. */
  changedOnly?: boolean;
  'aria-label'?: string;
}

/**
 * 'Annuler' puts the saved values back; 'Enregistrer' checks with the domain's rules and saves.
 * A refusal keeps the form open with what was typed; the fields the server refused say why, or
 * the toast carries the server's reason.
 */
export function OrganisationForm({
  organisation,
  sections,
  texts,
  classNames,
  onSave,
  onDone,
  changedOnly = false,
  'aria-label': ariaLabel,
}: OrganisationFormProps) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const saved = organisationFormValues(organisation, sections);
  const form = useDomainForm(organisationEditSchema, saved, { changedOnly: changedOnly as true });

  const submit = async () => {
    if (saving) return;
    const values = form.validate();
    if (!values) return;
    if (!organisation.id) {
      toast.error(texts.missingId);
      return;
    }
    if (changedOnly && Object.keys(values).length === 0) {
      if (texts.noChanges) toast.info(texts.noChanges);
      onDone();
      return;
    }
    setSaving(true);
    try {
      await onSave(organisation.id, toSnakeKeys(values));
      toast.success(texts.updated);
      onDone();
    } catch (error) {
      const explained = form.showServerErrors(error);
      toast.error(texts.updateFailed, explained ? undefined : parseProblem(error)?.detail);
    } finally {
      setSaving(false);
    }
  };

  const buttons = (
    <>
      <Button
        type="button"
        variant="ghost"
        disabled={saving}
        onClick={() => {
          form.reset();
          onDone();
        }}
      >
        {texts.cancel}
      </Button>
      <Button type="submit" loading={saving} loadingLabel={texts.saving}>
        {texts.save}
      </Button>
    </>
  );

  return (
    <form
      className={classNames.form}
      noValidate
      aria-label={ariaLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={classNames.sections}>
        {sections.map((section) => (
          <fieldset key={section.id} className={classNames.fieldset}>
            <legend className={classNames.legend}>{section.title}</legend>
            {section.id === 'contacts' ? (
              <TextField label={texts.email} type="email" value={formText(organisation.email)} readOnly hint={texts.emailReadOnly} />
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
      <div className={classNames.actions}>{classNames.actionsEnd ? <div className={classNames.actionsEnd}>{buttons}</div> : buttons}</div>
    </form>
  );
}
