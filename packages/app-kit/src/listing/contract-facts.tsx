// The transfer contract's facts on the transfer pages of both apps (issue 19, decision 0175):
// what the contract still lacks, each side's (`ContractFactsMissing`), and the form where the
// party they belong to, or an admin, enters or corrects a validated listing's facts
// (`ContractFactsForm`, PUT /inquiries/{id}/contract-facts). Rules, labels and messages are the
// domain's (fields table, `contractFactsPatchSchema`); each app brings what saving does (its
// mutation, which keeps its cache in step).
import { parseProblem, type ContractFactsRequest, type Inquiry, type MissingContractFact } from '@terres/api-client';
import {
  CONTRACT_FACT_SIDE_LABELS,
  contractFactFieldsOf,
  contractFactsEditable,
  contractFactsPatchSchema,
  LISTING_FIELDS,
  matchingMessages,
  todayInParis,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { DateField } from '@terres/ui/date-field';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useMemo } from 'react';
import { useDomainForm } from '../forms/use-domain-form';
import { contractFactsTexts as texts } from './contract-facts-texts';
import './contract-facts.css';

type Side = 'CUT' | 'FILL';
type FactKey = ReturnType<typeof contractFactFieldsOf>[number];

/** The id of a side's form: the missing list links to it. */
export function contractFactsFormId(side: Side): string {
  return `contract-facts-${side.toLowerCase()}`;
}

export interface ContractFactsMissingProps {
  missing: readonly MissingContractFact[];
  /** The viewer's side (a party); null for an admin, who completes both. */
  viewerSide: Side | null;
  /** Where a fact is filled in, by side (a form's anchor, or another page); none: no link. */
  hrefOf?: (side: Side) => string | undefined;
}

/** What the contract still lacks, by side, each with a link to where it is filled in. */
export function ContractFactsMissing({ missing, viewerSide, hrefOf = (side) => `#${contractFactsFormId(side)}` }: ContractFactsMissingProps) {
  if (missing.length === 0) return <p className="app-muted">{texts.complete}</p>;
  return (
    <div className="contract-facts__missing">
      <p>{texts.missingIntro}</p>
      <ul>
        {missing.map((fact) => {
          const href = viewerSide === null || viewerSide === fact.side ? hrefOf(fact.side) : undefined;
          return (
            <li key={`${fact.side}.${fact.field}`}>
              {href ? <a href={href}>{fact.label}</a> : fact.label} ({CONTRACT_FACT_SIDE_LABELS[fact.side]})
              {viewerSide !== null && viewerSide !== fact.side ? ` : ${texts.otherParty}` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface ContractFactsFormProps {
  listing: Inquiry;
  side: Side;
  title: string;
  /** Sends the changed facts (snake_case); resolves once saved. */
  onSave: (body: ContractFactsRequest) => Promise<unknown>;
}

const valuesOf = (listing: Inquiry, keys: readonly FactKey[]) =>
  Object.fromEntries(keys.map((key) => [key, (listing[key] as string | null | undefined) ?? ''])) as Record<FactKey, string>;

/** A validated listing's contract facts, entered or corrected (only the changed ones are sent). */
export function ContractFactsForm({ listing, side, title, onSave }: ContractFactsFormProps) {
  const toast = useToast();
  const keys = contractFactFieldsOf(side);
  const schema = useMemo(() => contractFactsPatchSchema(), []);
  const form = useDomainForm<FactKey, typeof schema>(schema, valuesOf(listing, keys), { changedOnly: true });
  const id = contractFactsFormId(side);
  const editable = contractFactsEditable(listing.status);
  return (
    <form
      id={id}
      className="contract-facts__form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = form.validate();
        if (!parsed) return;
        const body = Object.fromEntries(Object.entries(parsed).map(([key, value]) => [LISTING_FIELDS[key as FactKey].wire, value ?? null])) as ContractFactsRequest;
        if (Object.keys(body).length === 0) {
          toast.info(texts.unchanged);
          return;
        }
        void onSave(body).then(
          () => toast.success(texts.saved),
          (error: unknown) => {
            if (!form.showServerErrors(error)) toast.error(texts.saveFailed, parseProblem(error)?.detail);
          },
        );
      }}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      {editable ? null : <p className="app-muted">{matchingMessages.contractFactsNotEditable}</p>}
      {keys.map((key) =>
        LISTING_FIELDS[key].kind === 'date' ? (
          <DateField
            key={key}
            label={LISTING_FIELDS[key].label}
            name={key}
            value={form.values[key]}
            max={todayInParis()}
            readOnly={!editable}
            onValueChange={(iso) => form.setValue(key, iso)}
            error={form.errors[key]}
          />
        ) : (
          <TextField key={key} label={LISTING_FIELDS[key].label} hint={texts.hints[key]} autoComplete="off" readOnly={!editable} {...form.field(key)} />
        ),
      )}
      {editable ? (
        <Button type="submit" variant="secondary">
          {texts.save}
        </Button>
      ) : null}
    </form>
  );
}
