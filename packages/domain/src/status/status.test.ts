import { describe, expect, it } from 'vitest';
import {
  activeStepIndex,
  ADMIN_STATUS_OPTIONS,
  INQUIRY_STATUSES,
  statusBadge,
  statusLabel,
  stepperStates,
  stepperSteps,
  typeLabel,
  wizardTitle,
} from './status';

describe('status labels', () => {
  it.each([
    ['DRAFT', 'Brouillon'],
    ['PENDING_VALIDATION', 'En attente de validation'],
    ['APPROVED', 'Validée'],
    ['REJECTED', 'Refusée'],
    ['DOUBT_CLEARED', 'Levée de doute envoyée'],
    ['SITE_FOUND', 'Site compatible trouvé'],
    ['PRE_CONTRACT_SIGNED', 'Transaction en cours'],
    ['PROCESSED', 'Traitée'],
  ])('%s reads %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('unknown statuses read Statut inconnu', () => {
    expect(statusLabel('ARCHIVED')).toBe('Statut inconnu');
    expect(statusLabel(undefined)).toBe('Statut inconnu');
    expect(INQUIRY_STATUSES).toHaveLength(8);
  });

  it('admin selector offers every status but the draft, Traitée included', () => {
    expect(ADMIN_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'En attente de validation',
      'Validée',
      'Refusée',
      'Levée de doute envoyée',
      'Site compatible trouvé',
      'Transaction en cours',
      'Traitée',
    ]);
  });

  it('type labels and wizard titles', () => {
    expect(typeLabel('CUT')).toBe('DÉBLAIS');
    expect(typeLabel('FILL')).toBe('REMBLAIS');
    expect(typeLabel('X')).toBe('');
    expect(wizardTitle('CUT')).toBe('Création de votre annonce de déblai');
    expect(wizardTitle('FILL')).toBe('Création de votre annonce de remblais');
  });
});

describe('stepper', () => {
  it('has the six labels of the spec, each its status’s own (not the spec’s « Lever de doute »)', () => {
    expect(stepperSteps.map((s) => s.label)).toEqual([
      'En attente de validation',
      'Validée',
      'Levée de doute envoyée',
      'Site compatible trouvé',
      'Transaction en cours',
      'Traitée',
    ]);
  });

  it.each([
    ['PENDING_VALIDATION', 0],
    ['APPROVED', 1],
    ['DOUBT_CLEARED', 2],
    ['SITE_FOUND', 3],
    ['PRE_CONTRACT_SIGNED', 4],
    ['PROCESSED', null],
    ['DRAFT', null],
    ['REJECTED', null],
    ['WHATEVER', null],
  ])('%s highlights step %s', (status, index) => {
    expect(activeStepIndex(status)).toBe(index);
  });

  it('Traitée is never the active step', () => {
    for (const status of INQUIRY_STATUSES) expect(activeStepIndex(status)).not.toBe(5);
  });

  it('step states', () => {
    expect(stepperStates('SITE_FOUND')).toEqual(['done', 'done', 'done', 'active', 'todo', 'todo']);
    expect(stepperStates('PROCESSED')).toEqual(Array(6).fill('done'));
    expect(stepperStates('DRAFT')).toEqual(Array(6).fill('todo'));
    expect(stepperStates('REJECTED')).toEqual(Array(6).fill('todo'));
  });
});

describe('badge', () => {
  it('three known states, the rest unknown', () => {
    expect(statusBadge('PENDING_VALIDATION')).toEqual({ label: 'En attente de validation', tone: 'warning' });
    expect(statusBadge('REJECTED')).toEqual({ label: 'Refusée', tone: 'danger' });
    expect(statusBadge('APPROVED')).toEqual({ label: 'Validée', tone: 'success' });
    expect(statusBadge('DRAFT')).toEqual({ label: 'Statut inconnu', tone: 'neutral' });
    expect(statusBadge('SITE_FOUND')).toEqual({ label: 'Statut inconnu', tone: 'neutral' });
    expect(statusBadge(null)).toEqual({ label: 'Statut inconnu', tone: 'neutral' });
  });
});
