// Step 1, sub-steps 1 to 4: project name, project owner, owner's address, owner's SIRET (spec §5).
import { NAME_MAX_LENGTH, POSTCODE_INPUT_MAX_LENGTH, SIRET_LENGTH, TEXT_MAX_LENGTH, PROJECT_OWNER_LAST_NAME_MAX_LENGTH, PROJECT_OWNER_STREET_MAX_LENGTH } from '@terres/domain';
import { TextField } from '@terres/ui/text-field';
import { texts } from '../../texts';
import type { WizardForm } from '../use-wizard-form';
import { textFieldProps } from './field-props';

export function ProjectNameStep({ form }: { form: WizardForm }) {
  return (
    <TextField
      label={texts.projectName}
      required
      maxLength={TEXT_MAX_LENGTH}
      autoComplete="off"
      {...textFieldProps(form, 'projectName')}
    />
  );
}

/** The spec swaps the labels on screen (§5): the first-name field reads 'Nom', the last-name field 'Prénom'. */
export function ProjectOwnerStep({ form }: { form: WizardForm }) {
  return (
    <div className="wizard-fields">
      <TextField
        label={texts.ownerFirstNameLabel}
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerFirstName')}
      />
      <TextField
        label={texts.ownerLastNameLabel}
        required
        maxLength={PROJECT_OWNER_LAST_NAME_MAX_LENGTH}
        showCounter={false}
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerLastName')}
      />
    </div>
  );
}

export function ProjectOwnerAddressStep({ form }: { form: WizardForm }) {
  return (
    <div className="wizard-fields">
      <TextField
        label={texts.street}
        required
        maxLength={PROJECT_OWNER_STREET_MAX_LENGTH}
        autoComplete="off"
        className="wizard-fields__wide"
        {...textFieldProps(form, 'projectOwnerStreet')}
      />
      <TextField
        label={texts.postcode}
        required
        maxLength={POSTCODE_INPUT_MAX_LENGTH}
        showCounter={false}
        inputMode="numeric"
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerPostcode')}
      />
      <TextField
        label={texts.city}
        required
        maxLength={TEXT_MAX_LENGTH}
        showCounter={false}
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerCity')}
      />
    </div>
  );
}

export function ProjectOwnerSiretStep({ form }: { form: WizardForm }) {
  return (
    <TextField
      label={texts.siret}
      required
      maxLength={SIRET_LENGTH}
      showCounter={false}
      inputMode="numeric"
      autoComplete="off"
      // A SIRET is often written in groups ('732 829 320 00074'): the spaces go, the digits stay.
      {...textFieldProps(form, 'projectOwnerSiret', (text) => text.replace(/\s+/g, ''))}
    />
  );
}
