import { useSuspenseQuery } from '@tanstack/react-query';
import type { Inquiry } from '@terres/api-client';
import {
  fillTemplate,
  formatAddress,
  formatCredits,
  formatDate,
  formatHectares,
  formatNumber,
  formatParcelId,
  statusLabel,
  typeLabel,
} from '@terres/domain';
import { NO_MATERIAL_TEXT } from '@terres/ui/material-table';
import type { ReactNode } from 'react';
import { inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';
import { Acceptance, Materials } from './materials';

const f = texts.fields;

function text(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value.trim() : texts.notProvided;
}

/** The project owner's postal address on one line, or 'Adresse non renseignée' (spec §8). */
function ownerAddress(inquiry: Inquiry): string {
  const town = [inquiry.projectOwnerPostcode, inquiry.projectOwnerCity].filter((part) => part && part.trim()).join(' ');
  return formatAddress([inquiry.projectOwnerStreet, town].filter((part) => part && part.trim()).join(', '));
}

function coordinates(inquiry: Inquiry): string {
  if (typeof inquiry.siteLatitude !== 'number' || typeof inquiry.siteLongitude !== 'number') return texts.notProvided;
  return `${formatNumber(inquiry.siteLatitude, 5)}, ${formatNumber(inquiry.siteLongitude, 5)}`;
}

function Section({ id, title, children, after }: { id: string; title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <section className="inquiry-panel" aria-labelledby={id}>
      <h2 id={id} className="inquiry-panel__title">
        {title}
      </h2>
      <dl className="inquiry-fields">{children}</dl>
      {after}
    </section>
  );
}

function soilStudy(inquiry: Inquiry): string {
  if (inquiry.soilStudyDelegation) return texts.soilStudyDelegated;
  return inquiry.status === 'DRAFT' ? texts.soilStudyNotDelegated : texts.soilStudyProvided;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Récapitulatif détaillé (spec §2): every field of the listing, missing ones said so. */
export function InformationsPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const materials = inquiry.groundTypeUnknown ? [] : inquiry.materials;
  return (
    <div className="inquiry-informations">
      <Section id="info-project" title={texts.sections.project}>
        <Field label={f.projectName}>{text(inquiry.projectName)}</Field>
        <Field label={f.type}>{typeLabel(inquiry.type)}</Field>
        <Field label={f.status}>{statusLabel(inquiry.status)}</Field>
        <Field label={f.cost}>{formatCredits(inquiry.cost)}</Field>
      </Section>

      <Section id="info-owner" title={texts.sections.owner}>
        <Field label={f.ownerLastName}>{text(inquiry.projectOwnerLastName)}</Field>
        <Field label={f.ownerFirstName}>{text(inquiry.projectOwnerFirstName)}</Field>
        <Field label={f.siret}>{text(inquiry.projectOwnerSiret)}</Field>
        <Field label={f.ownerAddress}>{ownerAddress(inquiry)}</Field>
      </Section>

      <Section id="info-site" title={texts.sections.site}>
        <Field label={f.siteAddress}>{formatAddress(inquiry.siteAddress)}</Field>
        <Field label={f.coordinates}>{coordinates(inquiry)}</Field>
        <Field label={f.parcels}>
          {inquiry.parcelNumbers.length === 0 ? (
            texts.noParcel
          ) : (
            <ul className="inquiry-parcels">
              {inquiry.parcelNumbers.map((parcel) => (
                <li key={parcel}>{formatParcelId(parcel)}</li>
              ))}
            </ul>
          )}
        </Field>
        <Field label={f.surface}>{formatHectares(inquiry.quantity)}</Field>
      </Section>

      <Section
        id="info-soil"
        title={texts.sections.soil}
        after={
          <>
            {materials.length > 0 ? <Materials materials={materials} type={inquiry.type} /> : null}
            <Acceptance inquiry={inquiry} />
          </>
        }
      >
        <Field label={f.soilStudy}>{soilStudy(inquiry)}</Field>
        <Field label={f.composition}>
          {inquiry.groundTypeUnknown
            ? texts.compositionUnknown
            : materials.length === 0
              ? NO_MATERIAL_TEXT
              : materials.length === 1
              ? texts.compositionOne
              : fillTemplate(texts.compositionLines, { count: String(materials.length) })}
        </Field>
      </Section>

      <Section id="info-dates" title={texts.sections.dates}>
        <Field label={f.startDate}>{formatDate(inquiry.startDate)}</Field>
        <Field label={f.endDate}>{formatDate(inquiry.endDate)}</Field>
      </Section>

      <Section id="info-record" title={texts.sections.record}>
        <Field label={f.certification}>{inquiry.acceptCertification ? texts.certified : texts.notCertified}</Field>
        <Field label={f.createdAt}>{formatDate(inquiry.createdAt)}</Field>
        <Field label={f.updatedAt}>{formatDate(inquiry.updatedAt)}</Field>
      </Section>
    </div>
  );
}
