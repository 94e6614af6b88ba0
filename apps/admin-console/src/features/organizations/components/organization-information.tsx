import { parseProblem, type Organization } from '@terres/api-client';
import { toSnakeKeys } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { useUpdateOrganization } from '../api/update-organization';
import { texts } from '../texts';
import { editValuesOf, SECTIONS } from './organisation-fields';
import { useOrganisationForm } from './use-organisation-form';

const shown = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

/**
 * The organisation's details (spec §2 "Organisation detail"): a read view, 'Modifier' opens the
 * same sections as a form; 'Annuler' puts the saved values back, 'Enregistrer' sends what changed.
 * An archived organisation is read only.
 */
export function OrganizationInformation({ organisation }: { organisation: Organization }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title={texts.informationsTitle}
      actions={
        !editing && !organisation.archived ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {texts.edit}
          </Button>
        ) : null
      }
    >
      {editing ? (
        <OrganisationForm organisation={organisation} onDone={() => setEditing(false)} />
      ) : (
        <div className="console-org__sections">
          {SECTIONS.map((section) => (
            <section key={section.id} className="console-org__section" aria-labelledby={`console-org-${section.id}`}>
              <h3 id={`console-org-${section.id}`} className="console-org__section-title">
                {section.title}
              </h3>
              <DescriptionList
                layout="rows"
                emptyText={texts.notProvided}
                items={[
                  ...(section.id === 'contacts' ? [{ term: texts.email, description: shown(organisation.email) }] : []),
                  ...section.fields.map((field) => ({ term: field.label, description: shown(organisation[field.name]) })),
                ]}
              />
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

function OrganisationForm({ organisation, onDone }: { organisation: Organization; onDone: () => void }) {
  const update = useUpdateOrganization();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const form = useOrganisationForm(editValuesOf(organisation));

  const submit = async () => {
    if (saving) return;
    const changes = form.validate();
    if (!changes) return;
    if (!organisation.id) {
      toast.error(texts.missingId);
      return;
    }
    if (Object.keys(changes).length === 0) {
      toast.info(texts.noChanges);
      onDone();
      return;
    }
    setSaving(true);
    try {
      await update.mutateAsync({ id: organisation.id, changes: toSnakeKeys(changes) });
      toast.success(texts.updated);
      onDone();
    } catch (error) {
      // The form stays open with what was typed; the fields the server refused say why.
      const explained = form.showServerErrors(error);
      toast.error(texts.updateFailed, explained ? undefined : parseProblem(error)?.detail);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="console-org__form"
      noValidate
      aria-label={texts.informationsTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="console-org__sections">
        {SECTIONS.map((section) => (
          <fieldset key={section.id} className="console-org__section console-org__fieldset">
            <legend className="console-org__section-title">{section.title}</legend>
            {section.id === 'contacts' ? (
              <TextField label={texts.email} type="email" value={organisation.email ?? ''} readOnly hint={texts.organisationEmailReadOnly} />
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
                autoComplete="off"
                {...form.field(field.name)}
              />
            ))}
          </fieldset>
        ))}
      </div>
      <div className="console-org__form-actions">
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
      </div>
    </form>
  );
}
