// Step 1.2: the project owner (maître d'ouvrage): 'Nom' is the last name and 'Prénom' the first,
// as on every other view, the console and the PDFs (spec §5 swaps the two labels on this screen;
// settled in the README: review D4, issue 21). The raison sociale is optional.
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
        label={texts.ownerLastNameLabel}
        required
        maxLength={PROJECT_OWNER_LAST_NAME_MAX_LENGTH}
        showCounter={false}
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerLastName')}
      />
      <TextField
        label={texts.ownerFirstNameLabel}
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        {...textFieldProps(form, 'projectOwnerFirstName')}
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
