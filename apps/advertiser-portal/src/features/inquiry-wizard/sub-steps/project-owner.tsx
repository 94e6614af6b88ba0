// Step 1.2: the project owner (maître d'ouvrage). The spec swaps the labels on screen (§5): the
// first-name field reads 'Nom', the last-name field 'Prénom' (another issue settles it). The
// raison sociale is optional.
import { LISTING_FIELDS, NAME_MAX_LENGTH, PROJECT_OWNER_COMPANY_NAME_MAX_LENGTH, PROJECT_OWNER_LAST_NAME_MAX_LENGTH } from '@terres/domain';
import { TextField } from '@terres/ui/text-field';
import { textFieldProps } from '../components/steps/field-props';
import { texts } from '../texts';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

export const projectOwner: SubStepModule = {
  key: 'projectOwner',
  step: 1,
  ...plainSubStep('projectOwner'),
  Component: ({ form }) => (
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
      <TextField
        label={LISTING_FIELDS.projectOwnerCompanyName.label}
        maxLength={PROJECT_OWNER_COMPANY_NAME_MAX_LENGTH}
        autoComplete="organization"
        className="wizard-fields__wide"
        {...textFieldProps(form, 'projectOwnerCompanyName')}
      />
    </div>
  ),
};
