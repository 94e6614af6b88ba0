// Step 4: the summary, the cost and the certification box; the wizard's Next submits.
import { certificationStepSchema, fieldErrors, subStepFields } from '@terres/domain';
import * as v from 'valibot';
import { SummaryStep } from '../components/steps/summary-step';
import type { SubStepModule } from './types';

export const summary: SubStepModule = {
  key: 'summary',
  step: 4,
  fields: subStepFields('summary'),
  otherWireFields: ['status'],
  validate: (values) => fieldErrors(v.safeParse(certificationStepSchema, { acceptCertification: values.acceptCertification })),
  isEmpty: (values) => !values.acceptCertification,
  toWire: (values) => ({ accept_certification: values.acceptCertification }),
  Component: ({ form, type, documents, summary: props }) => <SummaryStep form={form} type={type} documents={documents.documents} {...props} />,
};
