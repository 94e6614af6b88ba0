import { useQuery } from '@tanstack/react-query';
import { getListInquiryMatchesQueryOptions, type Inquiry } from '@terres/api-client';
import {
  fillTemplate,
  formatAboutKilometres,
  formatAboutWeeks,
  formatCo2,
  formatCubicMetres,
  formatKilometres,
  formatMonthSpan,
  stepperStates,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { texts } from '../texts';

/** Validated: the stepper's 'Validée' step is reached (APPROVED and every later status). */
export function isValidated(status: Inquiry['status']): boolean {
  return stepperStates(status)[1] !== 'todo';
}

/** The listing's match state once the stepper's 'Site compatible trouvé' is reached, else undefined. */
function matchedState(status: Inquiry['status']): string | undefined {
  if (stepperStates(status)[3] === 'todo') return undefined;
  const states: Record<string, string> = texts.compatibleMatched;
  return states[status];
}

const SHOWN = 3;

/**
 * On a validated listing not matched yet (issue 11): how many compatible sites the platform found and what the
 * best ones would save (distance, volume, period, CO2e, truck-km), never who they are: the
 * platform puts the parties in touch. The figures are the API's coarse view (`sites`, issue 20):
 * whole km, months and weeks, shown as approximations.
 */
export function CompatibleSites({ inquiry }: { inquiry: Inquiry }) {
  const validated = isValidated(inquiry.status);
  const matched = matchedState(inquiry.status);
  const query = useQuery({ ...getListInquiryMatchesQueryOptions(inquiry.id, { limit: SHOWN }), enabled: validated && !matched });
  if (!validated) return null;
  if (matched) {
    // A site was found (review D3): say where the match stands, not that none is known.
    return (
      <section className="inquiry-panel" aria-labelledby="overview-compatible">
        <h2 id="overview-compatible" className="inquiry-panel__title">
          {texts.compatibleTitle}
        </h2>
        <p>{matched}</p>
      </section>
    );
  }
  return (
    <section className="inquiry-panel" aria-labelledby="overview-compatible">
      <h2 id="overview-compatible" className="inquiry-panel__title">
        {texts.compatibleTitle}
      </h2>
      {query.isPending ? (
        <p role="status">{texts.compatibleLoading}</p>
      ) : query.isError ? (
        <div role="alert">
          <p>{texts.compatibleFailed}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {texts.compatibleRetry}
          </Button>
        </div>
      ) : query.data.total === 0 ? (
        <p>{texts.compatibleNone}</p>
      ) : (
        <>
          <p className="inquiry-compatible__count">
            {fillTemplate(texts.compatibleCount, {
              count: query.data.total < 2 ? `${query.data.total} site compatible` : `${query.data.total} sites compatibles`,
              radius: formatKilometres(query.data.settings.radiusKm),
            })}
          </p>
          <p>{texts.compatibleIntro}</p>
          <ul className="inquiry-compatible">
            {query.data.sites.map((site, index) => (
              <li key={index}>
                <strong>{fillTemplate(texts.compatibleSite, { rank: String(index + 1) })}</strong>
                {' : '}
                {fillTemplate(texts.compatibleSiteFigures, {
                  distance: formatAboutKilometres(site.roadKm),
                  volume: formatCubicMetres(site.matchedM3),
                  period: formatMonthSpan(site.overlap.fromMonth, site.overlap.toMonth),
                  weeks: formatAboutWeeks(site.overlap.weeks),
                  co2: formatCo2(site.co2SavedKg),
                  truckKm: formatAboutKilometres(site.truckKmSaved),
                })}
              </li>
            ))}
          </ul>
          <p>{texts.compatibleApproximate}</p>
        </>
      )}
    </section>
  );
}
