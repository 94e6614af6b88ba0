import { useSuspenseQuery } from '@tanstack/react-query';
import type { Inquiry } from '@terres/api-client';
import { fillTemplate, formatAddress, formatCredits, formatDate, formatHectares, MISSING_DATE_TEXT } from '@terres/domain';
import { InquiryParcelMap } from '@terres/maps/inquiry-parcel-map';
import { StatusBadge } from '@terres/ui/status-badge';
import { StatusStepper } from '@terres/ui/status-stepper';
import { env } from '../../../config/env';
import { inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';
import { ListingTransfers } from './listing-transfers';
import { CompatibleSites } from './compatible-sites';
import { Acceptance, Materials } from './materials';

/** Validation not reached yet: the cost is still to be debited (CONTRACT §8). */
const NOT_DEBITED = new Set(['DRAFT', 'PENDING_VALIDATION', 'REJECTED']);

export function availabilityText(inquiry: Pick<Inquiry, 'startDate' | 'endDate'>): string {
  if (!inquiry.startDate && !inquiry.endDate) return MISSING_DATE_TEXT;
  return fillTemplate(texts.availabilityRange, { start: formatDate(inquiry.startDate), end: formatDate(inquiry.endDate) });
}

/**
 * Vue d'ensemble (spec §2, §4): the six-step stepper and the status badge, the site (address,
 * surface, availability, cost), the parcels on the read-only map with their list, and the
 * materials with their line totals.
 */
export function OverviewPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const cost = formatCredits(inquiry.cost);
  return (
    <div className="inquiry-overview">
      <section className="inquiry-panel" aria-labelledby="overview-progress">
        <div className="inquiry-panel__header">
          <h2 id="overview-progress" className="inquiry-panel__title">
            {texts.progress}
          </h2>
          {/* The spec's badge knows pending, refused and validated only; the label mode gives
              those the same words and every other status its own (README, 2026-11-23). */}
          <StatusBadge status={inquiry.status} mode="label" />
        </div>
        <StatusStepper status={inquiry.status} label={texts.steps} className="inquiry-overview__stepper" />
      </section>

      <ListingTransfers inquiry={inquiry} />
      <CompatibleSites inquiry={inquiry} />

      <section className="inquiry-panel" aria-labelledby="overview-site">
        <h2 id="overview-site" className="inquiry-panel__title">
          {texts.site}
        </h2>
        <dl className="inquiry-fields">
          <div>
            <dt>{texts.siteAddress}</dt>
            <dd>{formatAddress(inquiry.siteAddress)}</dd>
          </div>
          <div>
            <dt>{texts.surface}</dt>
            <dd>{formatHectares(inquiry.quantity)}</dd>
          </div>
          <div>
            <dt>{texts.availability}</dt>
            <dd>{availabilityText(inquiry)}</dd>
          </div>
          <div>
            <dt>{texts.cost}</dt>
            <dd>{NOT_DEBITED.has(inquiry.status) ? fillTemplate(texts.costPending, { cost }) : cost}</dd>
          </div>
        </dl>
      </section>

      <section className="inquiry-panel" aria-labelledby="overview-parcels">
        <h2 id="overview-parcels" className="inquiry-panel__title">
          {texts.parcels}
        </h2>
        <InquiryParcelMap inquiry={inquiry} tileUrl={env.tileUrl} tileJsonUrl={env.cadastreTileJsonUrl} />
      </section>

      <section className="inquiry-panel" aria-labelledby="overview-composition">
        <h2 id="overview-composition" className="inquiry-panel__title">
          {texts.composition}
        </h2>
        <Materials materials={inquiry.groundTypeUnknown ? [] : inquiry.materials} type={inquiry.type} />
        <Acceptance inquiry={inquiry} />
      </section>
    </div>
  );
}
