// Step 1.1: the project's name; the first Next creates the draft with it (spec §5).
import { TEXT_MAX_LENGTH } from '@terres/domain';
import { TextField } from '@terres/ui/text-field';
import { textFieldProps } from '../components/steps/field-props';
import { texts } from '../texts';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

export const projectName: SubStepModule = {
  key: 'projectName',
  step: 1,
  ...plainSubStep('projectName'),
  otherWireFields: ['type'],
  Component: ({ form }) => (
    <TextField label={texts.projectName} required maxLength={TEXT_MAX_LENGTH} autoComplete="off" {...textFieldProps(form, 'projectName')} />
  ),
};
