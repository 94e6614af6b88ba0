// Step 3.4: the availability period (both days in the window, the end not before the start).
import { createAvailabilityStepSchema, fieldErrors } from '@terres/domain';
import * as v from 'valibot';
import { AvailabilityStep } from '../components/steps/ground-steps';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

const plain = plainSubStep('availability');

export const availability: SubStepModule = {
  key: 'availability',
  step: 3,
  ...plain,
  // The cross-field rule (end not before start) is the domain's step schema.
  validate: (values, context) =>
    fieldErrors(
      v.safeParse(createAvailabilityStepSchema(context.now === undefined ? {} : { now: context.now }), {
        startDate: values.startDate,
        endDate: values.endDate,
      }),
    ),
  Component: ({ form }) => <AvailabilityStep form={form} />,
};
