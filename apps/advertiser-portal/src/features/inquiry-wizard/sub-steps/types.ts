// What one wizard sub-step is (spec §5): where it stands, the listing fields it asks (the
// domain's fields table), its rules, when it is empty, what it saves, and its screen.
import type { Document, InquiryFields } from '@terres/api-client';
import type { ListingFieldKey, ListingSubStep, Now } from '@terres/domain';
import type { ReactNode } from 'react';
import type { DocumentsProps } from '../components/steps/site-step';
import type { SubmitProblem } from '../components/steps/summary-step';
import type { WizardForm, WizardType, WizardValues } from '../model/values';

export type SubStepKey = ListingSubStep;

/** What a sub-step saves, in the wire's snake_case names. */
export type WirePatch = InquiryFields & { accept_certification?: boolean };

export interface ValidationContext {
  documents: readonly Document[];
  now?: Now;
  /** The listing's type: a CUT line needs its quality class and code, a FILL site its acceptance. */
  type?: 'CUT' | 'FILL';
}

/** Everything a sub-step's screen may need; each takes what it uses. */
export interface SubStepProps {
  form: WizardForm;
  type: WizardType;
  documents: DocumentsProps;
  summary: { balance: number | null; problems: readonly SubmitProblem[]; onEdit: (key: SubStepKey) => void };
}

export interface SubStepModule {
  key: SubStepKey;
  /** 1-based step, as the URL shows it. */
  step: number;
  /** The listing fields it asks (the fields table's `subStep`), which are form fields too. */
  fields: readonly ListingFieldKey[];
  /** Wire names of what else leads a 422 here ('documents', 'type', 'status'). */
  otherWireFields?: readonly string[];
  /** The messages of the sub-step, keyed by form field path; empty when valid. */
  validate: (values: WizardValues, context: ValidationContext) => Record<string, string>;
  /** True when nothing was entered (so leaving it loses nothing). */
  isEmpty: (values: WizardValues) => boolean;
  /** The wire fields it saves (PUT /inquiries/{id}), from valid values. */
  toWire: (values: WizardValues) => WirePatch;
  Component: (props: SubStepProps) => ReactNode;
  /** The parcel map holds its own form: that sub-step is a section, not a form. */
  notAForm?: boolean;
}
