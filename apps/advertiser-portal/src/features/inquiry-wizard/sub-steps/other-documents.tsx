// Step 3.5: other documents (optional): plans, analyses, photos; and the references the transfer
// contract states (issue 19, all optional): the site's SIS identifier, the soil analyses, the
// person preparing the soil, the planning permission's reference and day. Their rules, emptiness
// and wire form are the domain's fields table (plainSubStep).
import {
  ANALYSIS_REFERENCES_MAX_LENGTH,
  LISTING_FIELDS,
  PERMIT_REFERENCE_MAX_LENGTH,
  SOIL_PREPARER_MAX_LENGTH,
  todayInParis,
} from '@terres/domain';
import { DateField } from '@terres/ui/date-field';
import { TextField } from '@terres/ui/text-field';
import { OtherDocumentsStep } from '../components/steps/ground-steps';
import { textFieldProps } from '../components/steps/field-props';
import { texts } from '../texts';
import { plainSubStep } from './plain';
import type { SubStepModule } from './types';

export const otherDocuments: SubStepModule = {
  key: 'otherDocuments',
  step: 3,
  ...plainSubStep('otherDocuments'),
  Component: ({ form, documents }) => (
    <>
      <OtherDocumentsStep {...documents} />
      <section className="wizard-fields" aria-labelledby="contract-facts-title">
        <div className="wizard-fields__wide">
          <h3 id="contract-facts-title" className="wizard-subtitle">
            {texts.contractFactsTitle}
          </h3>
          <p className="app-muted">{texts.contractFactsIntro}</p>
        </div>
        <TextField
          label={LISTING_FIELDS.sisIdentifier.label}
          hint={texts.sisIdentifierHint}
          maxLength={15}
          autoComplete="off"
          {...textFieldProps(form, 'sisIdentifier')}
        />
        <TextField
          label={LISTING_FIELDS.soilPreparer.label}
          maxLength={SOIL_PREPARER_MAX_LENGTH}
          autoComplete="off"
          {...textFieldProps(form, 'soilPreparer')}
        />
        <TextField
          label={LISTING_FIELDS.analysisReferences.label}
          hint={texts.analysisReferencesHint}
          maxLength={ANALYSIS_REFERENCES_MAX_LENGTH}
          autoComplete="off"
          className="wizard-fields__wide"
          {...textFieldProps(form, 'analysisReferences')}
        />
        <TextField
          label={LISTING_FIELDS.permitReference.label}
          maxLength={PERMIT_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          {...textFieldProps(form, 'permitReference')}
        />
        <DateField
          label={LISTING_FIELDS.permitDate.label}
          name="permitDate"
          value={form.values.permitDate}
          max={todayInParis()}
          onValueChange={(iso) => form.setValue('permitDate', iso)}
          onBlur={() => form.touch('permitDate')}
          error={form.errorOf('permitDate')}
        />
      </section>
    </>
  ),
};
