// Step 3.5: other documents (optional): plans, analyses, photos.
import { OtherDocumentsStep } from '../components/steps/ground-steps';
import type { SubStepModule } from './types';

export const otherDocuments: SubStepModule = {
  key: 'otherDocuments',
  step: 3,
  fields: [],
  validate: () => ({}),
  isEmpty: () => true,
  toWire: () => ({}),
  Component: ({ documents }) => <OtherDocumentsStep {...documents} />,
};
