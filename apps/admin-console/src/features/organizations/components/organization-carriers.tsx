import { useInfiniteQuery } from '@tanstack/react-query';
import { parseProblem, type Carrier, type Organization } from '@terres/api-client';
import { CarrierForm, carrierIdentityText, carrierReceiptText, MoreRows } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { ErrorState } from '@terres/ui/error-state';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { organizationCarriersQueryOptions, useArchiveOrganizationCarrier, useSaveOrganizationCarrier } from '../api/carriers';
import { texts } from '../texts';

function ArchiveCarrier({ organisationId, carrier }: { organisationId: string; carrier: Carrier }) {
  const archival = useArchiveOrganizationCarrier(organisationId);
  const toast = useToast();
  return (
    <ConfirmDialog
      variant="danger"
      title={fillTemplate(texts.carrierArchiveTitle, { name: carrier.name })}
      description={texts.carrierArchiveDescription}
      confirmLabel={texts.archive}
      cancelLabel={texts.cancel}
      loadingLabel={texts.archiving}
      onConfirm={() =>
        archival.mutateAsync(carrier.id).then(
          () => toast.success(fillTemplate(texts.carrierArchived, { name: carrier.name })),
          (error: unknown) => {
            toast.error(texts.carrierArchiveFailed, parseProblem(error)?.detail);
            throw error;
          },
        )
      }
      trigger={
        <Button variant="ghost" size="sm">
          {texts.archive}
          <span className="terres-visually-hidden"> {carrier.name}</span>
        </Button>
      }
    />
  );
}

/**
 * The organisation's carriers (issue 18: "admins can add to any organisation's"): each with its
 * receipt or exemption and whether it can be chosen for a load leaving today (the API's `usable`,
 * the domain's French reason), the archived ones last, a page at a time ('Voir plus'); 'Ajouter un transporteur', 'Modifier' and
 * 'Archiver' with the portal's form (@terres/app-kit). An archived organisation's list is read only.
 */
export function OrganizationCarriers({ organisation }: { organisation: Organization }) {
  const query = useInfiniteQuery(organizationCarriersQueryOptions(organisation.id));
  const save = useSaveOrganizationCarrier(organisation.id);
  const [editing, setEditing] = useState<Carrier | 'new' | null>(null);
  const editable = !organisation.archived;
  // The API answers the active ones by name, then the archived ones: pages read down in that order.
  const carriers = query.data ? query.data.pages.flatMap((page) => page.items) : [];
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, carriers.length);
  return (
    <Card title={texts.carriersTitle} description={texts.carriersLead}>
      {editable && editing === null ? (
        <div>
          <Button variant="secondary" onClick={() => setEditing('new')}>
            {texts.addCarrier}
          </Button>
        </div>
      ) : null}
      {editable && editing !== null ? (
        <CarrierForm
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { carrier: editing })}
          onSave={(request) => save.mutateAsync(request)}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {query.isPending ? (
        <p role="status" className="app-muted">
          {texts.loading}
        </p>
      ) : query.isError ? (
        <ErrorState
          headingLevel={3}
          title={texts.carriersLoadFailed}
          message={parseProblem(query.error)?.detail}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : carriers.length === 0 ? (
        <p className="app-muted">{texts.carriersEmpty}</p>
      ) : (
        <ul className="console-org__carriers" aria-label={texts.carriersLabel}>
          {carriers.map((carrier) => (
            <li key={carrier.id} className="console-org__carrier" data-archived={carrier.archived || undefined}>
              <div className="console-org__carrier-main">
                <p className="console-org__carrier-name">
                  <strong>{carrier.name}</strong>
                  {carrier.archived ? <span className="console-orgs__badge">{texts.carrierArchivedBadge}</span> : null}
                </p>
                <p className="app-muted">{carrierIdentityText(carrier)}</p>
                <p>{carrierReceiptText(carrier)}</p>
                {carrier.usable ? (
                  <p className="console-org__carrier-usable">{texts.carrierUsable}</p>
                ) : (
                  <p className="console-org__carrier-unusable">
                    {texts.carrierUnusable} : {carrier.unusableReason ?? '-'}
                  </p>
                )}
              </div>
              {editable && !carrier.archived ? (
                <div className="console-org__carrier-actions">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(carrier)}>
                    {texts.edit}
                    <span className="terres-visually-hidden"> {carrier.name}</span>
                  </Button>
                  <ArchiveCarrier organisationId={organisation.id} carrier={carrier} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <MoreRows shown={carriers.length} total={total} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
      ) : null}
    </Card>
  );
}
