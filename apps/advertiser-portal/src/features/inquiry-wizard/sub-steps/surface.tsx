// Step 3.1: the surface in hectares, as typed the French way ('2,5'), and the cost it makes.
import { fieldErrors, subStepFields, surfaceStepSchema, toFiniteNumber } from '@terres/domain';
import * as v from 'valibot';
import { SurfaceStep } from '../components/steps/ground-steps';
import { texts } from '../texts';
import type { SubStepModule } from './types';

export const surface: SubStepModule = {
  key: 'surface',
  step: 3,
  fields: subStepFields('surface'),
  validate: (values) => {
    if (values.quantity.trim() !== '' && toFiniteNumber(values.quantity) === null) return { quantity: texts.numberInvalid };
    return fieldErrors(v.safeParse(surfaceStepSchema, { quantity: toFiniteNumber(values.quantity) }));
  },
  isEmpty: (values) => values.quantity.trim() === '',
  toWire: (values) => ({ quantity: toFiniteNumber(values.quantity) }),
  Component: ({ form, type }) => <SurfaceStep form={form} type={type} />,
};
