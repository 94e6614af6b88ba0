import { useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganizationQueryKey,
  getCreditTransactionsPageQueryOptions,
  parseProblem,
  problemMessage,
  type Inquiry,
  type InquiryStatus,
  type Organization,
} from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import {
  ADMIN_STATUS_OPTIONS,
  fillTemplate,
  formatCredits,
  messages,
  nextStatuses,
  PROBLEM_TYPES,
  STATUS_LABELS,
  statusLabel,
} from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Card } from '@terres/ui/card';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { DescriptionList } from '@terres/ui/description-list';
import { Select } from '@terres/ui/select';
import { useToast } from '@terres/ui/toast';
import { useEffect, useState, type ReactNode } from 'react';
import { SET_INQUIRY_STATUS_KEY, useSetInquiryStatus } from '../api/set-inquiry-status';
import { texts } from '../texts';
import { organizationHref } from './informations-page';
import { RefusalDialog } from './refusal-dialog';

/** Ledger lines read to find a validation's debit (it was just written: the newest). */
const LEDGER_LINES_READ = 10;

/**
 * The selector's options (spec §4): every status of the admin selector, 'Traitée' included;
 * a draft also shows 'Brouillon' (its current status). Only the current status and the moves
 * the domain's machine allows an admin are enabled.
 */
export function statusOptions(current: InquiryStatus) {
  const allowed = new Set<string>(nextStatuses(current, 'ADMIN'));
  const base = current === 'DRAFT' ? [{ value: 'DRAFT' as const, label: STATUS_LABELS.DRAFT }, ...ADMIN_STATUS_OPTIONS] : ADMIN_STATUS_OPTIONS;
  return base.map((option) => ({ ...option, disabled: option.value !== current && !allowed.has(option.value) }));
}

/** Why the selector offers what it offers, under it. */
export function movesHint(current: InquiryStatus): string {
  const next = nextStatuses(current, 'ADMIN');
  if (next.length > 0) {
    return fillTemplate(texts.nextMoves, { status: statusLabel(current), next: next.map((status) => STATUS_LABELS[status]).join(', ') });
  }
  if (current === 'DRAFT') return texts.noMoveDraft;
  if (current === 'REJECTED') return texts.noMoveRejected;
  return texts.noMoveProcessed;
}

/**
 * In a confirmation, what the admin should know of the organisation before moving its listing
 * (review D8): archived (its users have lost access), or not verified yet.
 */
export function OrganizationStateWarning({ organization }: { organization: Pick<Organization, 'name' | 'archived' | 'verified'> }) {
  if (organization.archived) {
    return (
      <Alert tone="danger" live="off">
        {fillTemplate(texts.organizationArchivedWarning, { organization: organization.name })}
      </Alert>
    );
  }
  if (!organization.verified) {
    return (
      <Alert tone="warning" live="off">
        {fillTemplate(texts.organizationUnverifiedWarning, { organization: organization.name })}
      </Alert>
    );
  }
  return null;
}

interface Outcome {
  /** The listing's status this message is about: once the status moves on, it is stale. */
  status: InquiryStatus;
  tone: 'success' | 'danger';
  title: string;
  text?: string;
  /** Beside the message: where to act (the organisation's page). */
  link?: ReactNode;
}

/**
 * Gestion de l'annonce, the status (spec §2, §4; CONTRACT §8): the selector, a confirmation
 * for each move, the refusal dialog with its required reason, the credits a validation debits
 * and the organisation's new balance, and a clear French message when the balance is short.
 * Nothing changes unless the API says so; the list, the pins and the organisation follow.
 */
export function StatusManagement({ inquiry, organization }: { inquiry: Inquiry; organization: Organization }) {
  const queryClient = useQueryClient();
  const setStatus = useSetInquiryStatus();
  const toast = useToast();
  const options = statusOptions(inquiry.status);
  const movable = nextStatuses(inquiry.status, 'ADMIN').length > 0;
  const [selected, setSelected] = useState<string>(inquiry.status);
  const [target, setTarget] = useState<InquiryStatus | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // A status changed by the API (here or elsewhere) moves the selector with it.
  useEffect(() => setSelected(inquiry.status), [inquiry.status]);

  // The message says what the last action did. Any later action on the page (a document
  // generated, a match proposed or accepted) makes it old news: it goes (issue 21: 'Annonce
  // validée' stayed under 'Levée de doute envoyée').
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'added') return;
        const key = event.mutation.options.mutationKey;
        if (key?.[0] === SET_INQUIRY_STATUS_KEY[0]) return;
        setOutcome(null);
      }),
    [queryClient],
  );

  const choose = (value: string) => {
    if (value === inquiry.status) return;
    setSelected(value);
    setTarget(value as InquiryStatus);
    setOutcome(null);
  };

  /** Nothing sent: the selector shows the listing's status again. */
  const cancel = () => {
    setTarget(null);
    setSelected(inquiry.status);
  };

  const failed = (error: unknown) => {
    const problem = parseProblem(error);
    setSelected(inquiry.status);
    if (problem?.type === PROBLEM_TYPES.insufficientBalance) {
      // The balance on screen may be old: read it again for the message and the cost line.
      void queryClient.invalidateQueries({ queryKey: getGetOrganizationQueryKey(inquiry.organizationId) });
      setOutcome({
        status: inquiry.status,
        tone: 'danger',
        title: messages.insufficientBalance,
        text: fillTemplate(texts.shortBalance, {
          organization: organization.name,
          balance: formatCredits(organization.creditBalance),
          cost: formatCredits(inquiry.cost),
        }),
        link: (
          <AppLink href={organizationHref(inquiry.organizationId)} className="inquiry-details__link">
            {texts.organizationLink}
          </AppLink>
        ),
      });
      return;
    }
    setOutcome({ status: inquiry.status, tone: 'danger', title: texts.changeFailed, text: problemMessage(error, texts.loadFailedHint) });
  };

  /**
   * The ledger line of this validation: the credits debited and the balance after it. The ledger
   * is newest first: the line just written is on its first page (never the whole ledger, issue 23).
   */
  const readDebit = async (updated: Inquiry) => {
    try {
      const { items: lines } = await queryClient.fetchQuery({
        ...getCreditTransactionsPageQueryOptions(updated.organizationId, { page: 1, page_size: LEDGER_LINES_READ }),
        staleTime: 0,
      });
      const line = lines.find((item) => item.kind === 'LISTING_VALIDATION' && item.inquiryId === updated.id);
      if (line) return { debit: -line.amount, balance: line.balanceAfter };
    } catch {
      // The status changed; only the figures are missing. Fall back on the cost and the old balance.
    }
    return { debit: updated.cost, balance: organization.creditBalance - updated.cost };
  };

  const approve = async () => {
    try {
      const updated = await setStatus.mutateAsync({ id: inquiry.id, change: { status: 'APPROVED' } });
      const { debit, balance } = await readDebit(updated);
      const text = fillTemplate(texts.approved, {
        debit: formatCredits(debit),
        organization: organization.name,
        balance: formatCredits(balance),
      });
      setOutcome({ status: updated.status, tone: 'success', title: text });
      toast.success(text);
    } catch (error) {
      failed(error);
    }
  };

  const move = async (status: InquiryStatus) => {
    try {
      const updated = await setStatus.mutateAsync({ id: inquiry.id, change: { status } });
      const text = fillTemplate(texts.moved, { status: STATUS_LABELS[status] });
      setOutcome({ status: updated.status, tone: 'success', title: text });
      toast.success(text);
    } catch (error) {
      failed(error);
    }
  };

  const refuse = async (reason: string) => {
    // A failure throws to the dialog, which stays open with the reason.
    const updated = await setStatus.mutateAsync({ id: inquiry.id, change: { status: 'REJECTED', reason } });
    setTarget(null);
    setOutcome({ status: updated.status, tone: 'success', title: texts.refused });
    toast.success(texts.refused);
  };

  const short = organization.creditBalance < inquiry.cost;

  return (
    <Card title={texts.statusTitle}>
      <div className="inquiry-status">
        <Select
          label={texts.statusSelect}
          options={options}
          value={selected}
          onValueChange={choose}
          disabled={!movable || target !== null}
          hint={movesHint(inquiry.status)}
          className="inquiry-status__select"
        />
        {inquiry.status === 'PENDING_VALIDATION' ? (
          <p className="inquiry-status__cost">
            {fillTemplate(texts.costLine, {
              cost: formatCredits(inquiry.cost),
              organization: organization.name,
              balance: formatCredits(organization.creditBalance),
            })}
            {short ? <strong className="inquiry-status__short"> {texts.shortBalanceWarning}</strong> : null}
          </p>
        ) : null}
        {inquiry.status === 'REJECTED' ? (
          <DescriptionList
            items={[
              {
                term: texts.rejectionReason,
                description: <span className="inquiry-status__reason">{inquiry.rejectionReason?.trim() || texts.noRejectionReason}</span>,
                wide: true,
              },
            ]}
          />
        ) : null}
        {outcome && outcome.status === inquiry.status ? (
          <Alert tone={outcome.tone} title={outcome.title} action={outcome.link}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>

      <ConfirmDialog
        open={target === 'APPROVED'}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        onCancel={cancel}
        title={texts.approveTitle}
        description={fillTemplate(texts.approveDescription, {
          cost: formatCredits(inquiry.cost),
          organization: organization.name,
          balance: formatCredits(organization.creditBalance),
          after: formatCredits(organization.creditBalance - inquiry.cost),
        })}
        confirmLabel={texts.approveConfirm}
        loadingLabel={texts.approving}
        onConfirm={approve}
      >
        {short ? (
          <Alert tone="warning" live="off">
            {texts.approveShort}
          </Alert>
        ) : null}
        <OrganizationStateWarning organization={organization} />
      </ConfirmDialog>

      <ConfirmDialog
        open={target !== null && target !== 'APPROVED' && target !== 'REJECTED'}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        onCancel={cancel}
        title={fillTemplate(texts.moveTitle, { status: target ? STATUS_LABELS[target] : '' })}
        description={texts.moveDescription}
        confirmLabel={texts.moveConfirm}
        loadingLabel={texts.moving}
        onConfirm={() => (target ? move(target) : undefined)}
      >
        <OrganizationStateWarning organization={organization} />
      </ConfirmDialog>

      <RefusalDialog
        open={target === 'REJECTED'}
        onCancel={() => {
          // Spec §4: cancelling the refusal resets the selector to its first option. Refusal is
          // offered only from 'En attente de validation', which is that first option.
          setTarget(null);
          setSelected(options[0]!.value);
        }}
        onRefuse={refuse}
      />
    </Card>
  );
}
