// Step 2: the site's cadastre parcels, on the map or typed.
import { fieldErrors, parcelsStepSchema, subStepFields } from '@terres/domain';
import * as v from 'valibot';
import { ParcelsStep } from '../components/steps/parcels-step';
import type { SubStepModule } from './types';

export const parcels: SubStepModule = {
  key: 'parcels',
  step: 2,
  fields: subStepFields('parcels'),
  validate: (values) => fieldErrors(v.safeParse(parcelsStepSchema, { parcelNumbers: values.parcelNumbers })),
  isEmpty: (values) => values.parcelNumbers.length === 0,
  toWire: (values) => ({ parcel_numbers: [...values.parcelNumbers] }),
  Component: ({ form, type }) => <ParcelsStep form={form} type={type} />,
  notAForm: true,
};
