import { useSuspenseQuery } from '@tanstack/react-query';
import { ListingFieldList } from '@terres/app-kit';
import { formatCredits, formatDate, type ListingDetailSection } from '@terres/domain';
import type { DescriptionItem } from '@terres/ui/description-list';
import type { ReactNode } from 'react';
import { inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';
import { Acceptance, Materials } from './materials';

const f = texts.fields;

/** One section of the page: its title, the listing's fields of that section (the domain's table). */
function Section(props: { id: string; section: ListingDetailSection; listing: object; after?: readonly DescriptionItem[]; children?: ReactNode }) {
  return (
    <section className="inquiry-panel" aria-labelledby={props.id}>
      <h2 id={props.id} className="inquiry-panel__title">
        {texts.sections[props.section]}
      </h2>
      <ListingFieldList
        listing={props.listing}
        section={props.section}
        className="inquiry-fields"
        listClassName="inquiry-parcels"
        {...(props.after ? { after: props.after } : {})}
      />
      {props.children}
    </section>
  );
}

/** Récapitulatif détaillé (spec §2): every field of the listing, missing ones said so. */
export function InformationsPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const materials = inquiry.groundTypeUnknown ? [] : inquiry.materials;
  return (
    <div className="inquiry-informations">
      <Section id="info-project" section="project" listing={inquiry} after={[{ term: f.cost, description: formatCredits(inquiry.cost) }]} />
      <Section id="info-owner" section="owner" listing={inquiry} />
      <Section id="info-site" section="site" listing={inquiry} />
      <Section id="info-soil" section="soil" listing={inquiry}>
        {materials.length > 0 ? <Materials materials={materials} type={inquiry.type} /> : null}
        <Acceptance inquiry={inquiry} />
      </Section>
      <Section id="info-dates" section="dates" listing={inquiry} />
      <Section
        id="info-record"
        section="record"
        listing={inquiry}
        after={[
          { term: f.createdAt, description: formatDate(inquiry.createdAt) },
          { term: f.updatedAt, description: formatDate(inquiry.updatedAt) },
        ]}
      />
    </div>
  );
}
