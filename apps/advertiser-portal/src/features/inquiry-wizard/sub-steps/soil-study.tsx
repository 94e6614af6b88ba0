// Step 3.2: the soil study's file, or its delegation to the platform.
import { fieldErrors, soilStudyStepSchema, subStepFields } from '@terres/domain';
import * as v from 'valibot';
import { SoilStudyStep } from '../components/steps/ground-steps';
import { latestFileOf } from '../model/values';
import type { SubStepModule } from './types';

export const soilStudy: SubStepModule = {
  key: 'soilStudy',
  step: 3,
  fields: subStepFields('soilStudy'),
  validate: (values, context) =>
    fieldErrors(
      v.safeParse(soilStudyStepSchema, {
        soilStudyDocument: latestFileOf(context.documents, 'SOIL_STUDY'),
        soilStudyDelegation: values.soilStudyDelegation,
      }),
    ),
  isEmpty: (values) => !values.soilStudyDelegation,
  toWire: (values) => ({ soil_study_delegation: values.soilStudyDelegation }),
  Component: ({ form, documents }) => <SoilStudyStep form={form} {...documents} />,
};
