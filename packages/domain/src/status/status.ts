export const INQUIRY_STATUSES = [
  'DRAFT',
  'PENDING_VALIDATION',
  'APPROVED',
  'REJECTED',
  'DOUBT_CLEARED',
  'SITE_FOUND',
  'PRE_CONTRACT_SIGNED',
  'PROCESSED',
] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return typeof value === 'string' && (INQUIRY_STATUSES as readonly string[]).includes(value);
}

/** Labels of spec §4 ('Traitée' comes from the admin selector). */
export const STATUS_LABELS: Readonly<Record<InquiryStatus, string>> = {
  DRAFT: 'Brouillon',
  PENDING_VALIDATION: 'En attente de validation',
  APPROVED: 'Validée',
  REJECTED: 'Refusée',
  DOUBT_CLEARED: 'Levée de doute envoyée',
  SITE_FOUND: 'Site compatible trouvé',
  PRE_CONTRACT_SIGNED: 'Transaction en cours',
  PROCESSED: 'Traitée',
};

export const UNKNOWN_STATUS_LABEL = 'Statut inconnu';

export function statusLabel(status: unknown): string {
  return isInquiryStatus(status) ? STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/** The options of the admin status selector, in workflow order. */
export const ADMIN_STATUS_OPTIONS: readonly { value: InquiryStatus; label: string }[] = INQUIRY_STATUSES.filter(
  (status) => status !== 'DRAFT',
).map((value) => ({ value, label: STATUS_LABELS[value] }));

/**
 * The six steps of the listing detail header, each labelled as its status: the spec's stepper
 * reads 'Lever de doute envoyée' where the status is 'Levée de doute envoyée'; one state has one
 * wording (issue 21; decision 0176).
 */
export const stepperSteps: readonly { status: InquiryStatus; label: string }[] = (
  ['PENDING_VALIDATION', 'APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED'] as const
).map((status) => ({ status, label: STATUS_LABELS[status] }));

const LAST_ACTIVABLE_STEP = 4;

/**
 * Index of the highlighted step: 0 to 4 for PENDING_VALIDATION to PRE_CONTRACT_SIGNED.
 * The sixth step 'Traitée' is never active (spec §4), so PROCESSED gives null, like
 * DRAFT, REJECTED and unknown statuses.
 */
export function activeStepIndex(status: unknown): number | null {
  const index = stepperSteps.findIndex((step) => step.status === status);
  return index >= 0 && index <= LAST_ACTIVABLE_STEP ? index : null;
}

export type StepState = 'done' | 'active' | 'todo';

/**
 * State of each of the six steps. Steps before the active one are done; a PROCESSED
 * listing has every step done (none active); DRAFT, REJECTED and unknown have none done.
 */
export function stepperStates(status: unknown): StepState[] {
  if (status === 'PROCESSED') return stepperSteps.map(() => 'done');
  const active = activeStepIndex(status);
  return stepperSteps.map((_, index) => {
    if (active === null) return 'todo';
    if (index < active) return 'done';
    return index === active ? 'active' : 'todo';
  });
}

export type BadgeTone = 'warning' | 'danger' | 'success' | 'neutral';

/** Status badge of the listing detail: three known states, everything else unknown (spec §4). */
export function statusBadge(status: unknown): { label: string; tone: BadgeTone } {
  switch (status) {
    case 'PENDING_VALIDATION':
      return { label: 'En attente de validation', tone: 'warning' };
    case 'REJECTED':
      return { label: 'Refusée', tone: 'danger' };
    case 'APPROVED':
      return { label: 'Validée', tone: 'success' };
    default:
      return { label: UNKNOWN_STATUS_LABEL, tone: 'neutral' };
  }
}

export const TYPE_LABELS = { CUT: 'DÉBLAIS', FILL: 'REMBLAIS' } as const;

export function typeLabel(type: unknown): string {
  return type === 'CUT' || type === 'FILL' ? TYPE_LABELS[type] : '';
}

/** Wizard header: 'Création de votre annonce de déblai' or '... de remblais' (spec §2). */
export function wizardTitle(type: 'CUT' | 'FILL'): string {
  return type === 'CUT' ? 'Création de votre annonce de déblai' : 'Création de votre annonce de remblais';
}
