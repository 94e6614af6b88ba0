// Step 1.3: the project owner's postal address.
import { POSTCODE_INPUT_MAX_LENGTH, PROJECT_OWNER_STREET_MAX_LENGTH, TEXT_MAX_LENGTH } from '@terres/domain';
import { TextField } from '@terres/ui/text-field';
import { textFieldProps } from '../components/steps/field-props';
import { texts } from '../texts';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

export const projectOwnerAddress: SubStepModule = {
  key: 'projectOwnerAddress',
  step: 1,
  ...plainSubStep('projectOwnerAddress'),
  Component: ({ form }) => (
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
  ),
};
