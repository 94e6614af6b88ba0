// Step 1.4: the project owner's SIRET (14 digits, checksum).
import { normalizeSiret, SIRET_INPUT_MAX_LENGTH } from '@terres/domain';
import { TextField } from '@terres/ui/text-field';
import { textFieldProps } from '../components/steps/field-props';
import { texts } from '../texts';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

export const projectOwnerSiret: SubStepModule = {
  key: 'projectOwnerSiret',
  step: 1,
  ...plainSubStep('projectOwnerSiret'),
  Component: ({ form }) => (
    <TextField
      label={texts.siret}
      required
      maxLength={SIRET_INPUT_MAX_LENGTH}
      showCounter={false}
      inputMode="numeric"
      autoComplete="off"
      // A SIRET is often pasted in groups ('732 829 320 00074'): the separators go, the digits stay.
      {...textFieldProps(form, 'projectOwnerSiret', normalizeSiret)}
    />
  ),
};
