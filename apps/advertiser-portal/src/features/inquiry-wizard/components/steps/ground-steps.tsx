// Step 3, sub-steps 1, 2, 4 and 5: surface, soil study, availability dates, other documents.
import { dateWindow, formatCredits, inquiryCost, toFiniteNumber } from '@terres/domain';
import { Checkbox } from '@terres/ui/checkbox';
import { DateField, parseFrenchDate } from '@terres/ui/date-field';
import { TextField } from '@terres/ui/text-field';
import type { FocusEvent } from 'react';
import { texts } from '../../texts';
import type { WizardForm, WizardType } from '../../model/values';
import { DocumentUpload } from '../document-upload';
import { textFieldProps } from './field-props';
import type { DocumentsProps } from './site-step';

export function SurfaceStep({ form, type }: { form: WizardForm; type: WizardType }) {
  const cost = inquiryCost(type, toFiniteNumber(form.values.quantity));
  return (
    <div className="wizard-fields wizard-fields--single">
      <TextField
        label={texts.surface}
        hint={texts.surfaceHint}
        required
        inputMode="decimal"
        autoComplete="off"
        className="wizard-fields__narrow"
        {...textFieldProps(form, 'quantity')}
      />
      <p className="wizard-cost-preview" aria-live="polite">
        {cost === null ? texts.costUnknown : `${texts.cost} : ${formatCredits(cost)}`}
      </p>
    </div>
  );
}

export function SoilStudyStep({ form, documents, inquiryStatus, ensureDraft, onUploaded, onRemoved }: { form: WizardForm } & DocumentsProps) {
  return (
    <div className="wizard-fields wizard-fields--single">
      <DocumentUpload
        label={texts.soilStudyDocument}
        kind="SOIL_STUDY"
        inquiryStatus={inquiryStatus}
        documents={documents.filter((doc) => doc.kind === 'SOIL_STUDY')}
        error={form.errorOf('soilStudyDocument')}
        ensureDraft={ensureDraft}
        onUploaded={(document) => {
          onUploaded(document);
          form.setValue('soilStudyDelegation', form.values.soilStudyDelegation, 'soilStudyDocument');
        }}
        onRemoved={onRemoved}
      />
      <p className="wizard-or" aria-hidden="true">
        {texts.soilStudyOr}
      </p>
      <Checkbox
        label={texts.soilStudyDelegation}
        hint={texts.soilStudyDelegationHint}
        checked={form.values.soilStudyDelegation}
        onCheckedChange={(checked) => {
          form.setValue('soilStudyDelegation', checked === true, 'soilStudyDocument');
          if (checked !== true) form.touch('soilStudyDocument');
        }}
        error={form.errorOf('soilStudyDelegation')}
      />
    </div>
  );
}

export function AvailabilityStep({ form }: { form: WizardForm }) {
  const { min, max } = dateWindow();
  const { startDate, endDate } = form.values;
  const endMin = startDate && startDate > min ? startDate : min;
  // An unreadable date gets the field's own 'Veuillez entrer une date valide.' on blur; the
  // domain's messages (required, window, end before start) show for an empty or a whole date.
  const touchIfReadable = (field: 'startDate' | 'endDate') => (event: FocusEvent<HTMLInputElement>) => {
    const text = event.target.value;
    if (text.trim() === '' || parseFrenchDate(text) !== null) form.touch(field);
  };
  return (
    <div className="wizard-fields">
      <DateField
        label={texts.startDate}
        required
        name="startDate"
        value={startDate}
        min={min}
        max={max}
        onValueChange={(iso) => form.setValue('startDate', iso)}
        onBlur={touchIfReadable('startDate')}
        error={form.errorOf('startDate')}
      />
      <DateField
        label={texts.endDate}
        required
        name="endDate"
        value={endDate}
        min={endMin}
        max={max}
        onValueChange={(iso) => form.setValue('endDate', iso)}
        onBlur={touchIfReadable('endDate')}
        error={form.errorOf('endDate')}
      />
    </div>
  );
}

export function OtherDocumentsStep({ documents, inquiryStatus, ensureDraft, onUploaded, onRemoved }: DocumentsProps) {
  return (
    <DocumentUpload
      label={texts.otherDocuments}
      kind="OTHER"
      inquiryStatus={inquiryStatus}
      multiple
      documents={documents.filter((doc) => doc.kind === 'OTHER')}
      ensureDraft={ensureDraft}
      onUploaded={onUploaded}
      onRemoved={onRemoved}
    />
  );
}

