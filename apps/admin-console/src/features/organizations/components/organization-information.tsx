import type { Organization } from '@terres/api-client';
import { OrganisationForm } from '@terres/app-kit';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { EmailAddress } from '@terres/ui/email-address';
import { useState } from 'react';
import { useUpdateOrganization } from '../api/update-organization';
import { texts } from '../texts';
import { SECTIONS } from './organisation-fields';

const shown = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);
/** An e-mail wraps before its '@' and dots, never inside a name. */
function shownEmail(value: string | null | undefined) {
  const address = shown(value);
  return address ? <EmailAddress address={address} /> : null;
}

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
        <EditForm organisation={organisation} onDone={() => setEditing(false)} />
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
                  ...(section.id === 'contacts' ? [{ term: texts.email, description: shownEmail(organisation.email) }] : []),
                  ...section.fields.map((field) => ({
                    term: field.label,
                    description: field.type === 'email' ? shownEmail(organisation[field.name]) : shown(organisation[field.name]),
                  })),
                ]}
              />
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

function EditForm({ organisation, onDone }: { organisation: Organization; onDone: () => void }) {
  const update = useUpdateOrganization();
  return (
    <OrganisationForm
      organisation={organisation}
      sections={SECTIONS}
      changedOnly
      aria-label={texts.informationsTitle}
      texts={{
        email: texts.email,
        emailReadOnly: texts.organisationEmailReadOnly,
        cancel: texts.cancel,
        save: texts.save,
        saving: texts.saving,
        missingId: texts.missingId,
        updated: texts.updated,
        updateFailed: texts.updateFailed,
        noChanges: texts.noChanges,
      }}
      classNames={{
        form: 'console-org__form',
        sections: 'console-org__sections',
        fieldset: 'console-org__section console-org__fieldset',
        legend: 'console-org__section-title',
        actions: 'console-org__form-actions',
      }}
      onSave={(id, changes) => update.mutateAsync({ id, changes })}
      onDone={onDone}
    />
  );
}
