import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem, type Carrier } from '@terres/api-client';
import { CarrierForm, carrierIdentityText, carrierReceiptText, useAuth, useMorePages, useRouteRetry, type CarrierFormClassNames } from '@terres/app-kit';
import { Button } from '@terres/ui/button';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { useState } from 'react';
import { carriersPagesQueryOptions } from '../api/queries';
import { useSaveCarrier } from '../api/save-carrier';
import { texts } from '../texts';
import '../transfers.css';

// The shared form (@terres/app-kit, also the console's) in this feature's large touch targets.
const FORM_CLASS_NAMES: CarrierFormClassNames = {
  form: 'transfers-carrier-form',
  title: 'transfers-card__title',
  select: 'transfers-select',
  control: 'transfers-touch',
  error: 'transfers-choices__error',
  actions: 'transfers-carrier-form__actions',
};

/**
 * /user/account/carriers: the organisation's carriers with their receipt or exemption and whether
 * they can be chosen today (the API's `usable`, the domain's reason); the owner adds and edits
 * them, employees read. A page of them at first, 'Voir plus' for the next (issue 23).
 */
export function CarriersPage() {
  const { user } = useAuth();
  const organizationId = user?.organizationId ?? '';
  const { rows: carriers, more } = useMorePages(carriersPagesQueryOptions(organizationId));
  const owner = user?.role === 'OWNER';
  const [editing, setEditing] = useState<Carrier | 'new' | null>(null);
  const saveCarrier = useSaveCarrier();
  return (
    <section className="transfers-carriers" aria-labelledby="transfers-carriers-title">
      <h2 id="transfers-carriers-title" className="transfers-card__title">
        {texts.carriersTitle}
      </h2>
      <p className="app-muted">{owner ? texts.carriersLead : `${texts.carriersLead} ${texts.carriersReadOnly}`}</p>
      {owner && editing === null ? (
        <Button onClick={() => setEditing('new')} className="transfers-touch">
          {texts.addCarrier}
        </Button>
      ) : null}
      {owner && editing !== null ? (
        <CarrierForm
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { carrier: editing })}
          onSave={(save) => saveCarrier.mutateAsync({ organizationId, ...save })}
          onDone={() => setEditing(null)}
          classNames={FORM_CLASS_NAMES}
        />
      ) : null}
      {carriers.length === 0 ? (
        <EmptyState title={texts.noCarriers} headingLevel={3} />
      ) : (
        <ul className="transfers-carriers__list" aria-label={texts.carriersLabel}>
          {carriers.map((carrier) => (
            <li key={carrier.id} className="transfers-carriers__item">
              <div>
                <strong>{carrier.name}</strong>
                <span className="app-muted"> · {carrierIdentityText(carrier)}</span>
                <p className="transfers-carriers__receipt">{carrierReceiptText(carrier)}</p>
                {!carrier.usable && carrier.unusableReason ? <p className="transfers-choices__error">{carrier.unusableReason}</p> : null}
              </div>
              {owner ? (
                <Button variant="secondary" size="sm" onClick={() => setEditing(carrier)}>
                  {texts.edit}
                  <span className="terres-visually-hidden"> {carrier.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {more}
    </section>
  );
}

export function CarriersError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return <ErrorState title={texts.carriersLoadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={3} />;
}
