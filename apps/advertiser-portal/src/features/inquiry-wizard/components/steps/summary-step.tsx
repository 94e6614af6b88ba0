// Step 4: everything entered, the cost in credits (domain `inquiryCost`), the balance, the
// certification box (spec §2, §5), and the server's reasons when a submission was refused.
import type { Document } from '@terres/api-client';
import {
  fillTemplate,
  formatAddress,
  formatCredits,
  formatCubicMetres,
  formatDate,
  formatEuros,
  formatHectares,
  formatParcelId,
  inquiryCost,
  LISTING_FIELDS,
  subStepFields,
  toFiniteNumber,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Checkbox } from '@terres/ui/checkbox';
import { AmountCell } from '@terres/ui/amount-cell';
import { SoilAcceptance } from '@terres/ui/soil-acceptance';
import { TypeBadge } from '@terres/ui/type-badge';
import type { ReactNode } from 'react';
import type { SubStepKey } from '../../sub-steps/types';
import { parsedRow, type WizardForm, type WizardType } from '../../model/values';
import { texts } from '../../texts';

export interface SubmitProblem {
  /** Where to fix it. */
  subStep: SubStepKey;
  label: string;
  message: string;
}

interface SummaryStepProps {
  form: WizardForm;
  type: WizardType;
  documents: readonly Document[];
  balance: number | null;
  problems: readonly SubmitProblem[];
  onEdit: (subStep: SubStepKey) => void;
}

function Section({
  title,
  subStep,
  onEdit,
  children,
}: {
  title: string;
  subStep: SubStepKey;
  onEdit: (subStep: SubStepKey) => void;
  children: ReactNode;
}) {
  return (
    <section className="wizard-summary__section" aria-label={title}>
      <div className="wizard-summary__head">
        <h3 className="wizard-summary__title">{title}</h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(subStep)}
          aria-label={fillTemplate(texts.editSection, { section: title })}
        >
          {texts.edit}
        </Button>
      </div>
      <dl className="wizard-summary__list">{children}</dl>
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="wizard-summary__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const names = (docs: readonly Document[]) => (docs.length > 0 ? docs.map((doc) => doc.fileName).join(', ') : null);

/** The contract references of « Autres documents » (issue 19), in the table's order. */
const CONTRACT_FACTS = subStepFields('otherDocuments') as ('sisIdentifier' | 'analysisReferences' | 'soilPreparer' | 'permitReference' | 'permitDate')[];

export function SummaryStep({ form, type, documents, balance, problems, onEdit }: SummaryStepProps) {
  const { values } = form;
  const f = texts.summaryFields;
  const s = texts.summarySections;
  const cost = inquiryCost(type, toFiniteNumber(values.quantity));
  const permission = documents.filter((doc) => doc.kind === 'PERMISSION').slice(-1);
  const soilStudy = documents.filter((doc) => doc.kind === 'SOIL_STUDY').slice(-1);
  const others = documents.filter((doc) => doc.kind === 'OTHER');
  const ownerAddress = [values.projectOwnerStreet, `${values.projectOwnerPostcode} ${values.projectOwnerCity}`.trim()]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const soilStudyText = [names(soilStudy), values.soilStudyDelegation ? texts.soilStudyDelegated : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="wizard-summary">
      {problems.length > 0 ? (
        <div className="wizard-problems" role="alert">
          <p className="wizard-problems__title">{texts.serverErrorsTitle}</p>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.label}-${problem.message}`}>
                <strong>{problem.label}</strong> : {problem.message}{' '}
                <Button variant="ghost" size="sm" onClick={() => onEdit(problem.subStep)}>
                  {texts.serverErrorsGoTo}
                  <span className="terres-visually-hidden"> : {problem.label}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Section title={s.project} subStep="projectName" onEdit={onEdit}>
        <Item term={f.type}>
          <TypeBadge type={type} />
        </Item>
        <Item term={f.projectName}>{values.projectName}</Item>
      </Section>

      <Section title={s.owner} subStep="projectOwner" onEdit={onEdit}>
        <Item term={f.ownerName}>{`${values.projectOwnerLastName} ${values.projectOwnerFirstName}`.trim()}</Item>
        {values.projectOwnerCompanyName.trim() !== '' ? (
          <Item term={LISTING_FIELDS.projectOwnerCompanyName.detail.label}>{values.projectOwnerCompanyName.trim()}</Item>
        ) : null}
        <Item term={f.ownerAddress}>{formatAddress(ownerAddress)}</Item>
        <Item term={f.siret}>{values.projectOwnerSiret}</Item>
      </Section>

      <Section title={s.site} subStep="site" onEdit={onEdit}>
        <Item term={f.siteAddress}>{formatAddress(values.siteAddress)}</Item>
        <Item term={f.permission}>{names(permission) ?? texts.none}</Item>
      </Section>

      <Section title={s.parcels} subStep="parcels" onEdit={onEdit}>
        <Item term={s.parcels}>
          {values.parcelNumbers.length > 0 ? (
            <ul className="wizard-summary__parcels">
              {values.parcelNumbers.map((id) => (
                <li key={id}>{formatParcelId(id)}</li>
              ))}
            </ul>
          ) : (
            texts.noneFeminine
          )}
        </Item>
      </Section>

      <Section title={s.ground} subStep="surface" onEdit={onEdit}>
        <Item term={f.surface}>{formatHectares(toFiniteNumber(values.quantity))}</Item>
        <Item term={f.soilStudy}>{soilStudyText || texts.soilStudyMissing}</Item>
        <Item term={texts.subSteps.composition}>
          {values.groundTypeUnknown ? (
            texts.groundTypeUnknown
          ) : (
            <ul className="wizard-summary__materials">
              {values.materials.map((row) => {
                const line = parsedRow(row);
                return (
                  <li key={row.key}>
                    <span className="wizard-summary__material">
                      <strong>{line.materialName}</strong> · {line.groundComposition}
                    </span>
                    <span className="wizard-summary__amount">
                      {formatCubicMetres(line.quantity)} × {line.price === null ? '-' : `${formatEuros(line.price)}/m³`} ={' '}
                      <AmountCell quantity={line.quantity} price={line.price} />
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Item>
        {type === 'FILL' ? (
          // What the user certifies drives the matching: it is shown before the certification (review D6).
          <Item term={texts.acceptanceTitle}>
            <SoilAcceptance
              receivingUse={values.receivingUse}
              acceptedQualityClasses={values.acceptedQualityClasses}
              acceptedWasteCodes={values.acceptedWasteCodes}
              label={texts.acceptanceTitle}
            />
          </Item>
        ) : null}
      </Section>

      <Section title={s.availability} subStep="availability" onEdit={onEdit}>
        <Item term={f.period}>
          {fillTemplate(texts.periodValue, { start: formatDate(values.startDate), end: formatDate(values.endDate) })}
        </Item>
      </Section>

      <Section title={s.documents} subStep="otherDocuments" onEdit={onEdit}>
        <Item term={f.other}>{names(others) ?? texts.none}</Item>
        {CONTRACT_FACTS.map((key) => (
          <Item key={key} term={LISTING_FIELDS[key].label}>
            {key === 'permitDate' ? (values.permitDate ? formatDate(values.permitDate) : texts.none) : (values[key] ?? '').trim() || texts.none}
          </Item>
        ))}
      </Section>

      <div className="wizard-cost">
        <p className="wizard-cost__line">
          <span>{texts.cost} : </span>
          <strong>{cost === null ? '-' : formatCredits(cost)}</strong>
        </p>
        <p className="wizard-cost__hint">{texts.costHint}</p>
        {balance === null ? null : (
          <p className="wizard-cost__balance">
            {texts.balance} : {formatCredits(balance)}
          </p>
        )}
      </div>

      <Checkbox
        label={texts.certification}
        required
        checked={values.acceptCertification}
        onCheckedChange={(checked) => {
          form.setValue('acceptCertification', checked === true);
          form.touch('acceptCertification');
        }}
        error={form.errorOf('acceptCertification')}
      />
    </div>
  );
}
