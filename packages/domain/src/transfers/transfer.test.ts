import { describe, expect, it } from 'vitest';
import { transferClosing, type BalanceLoad } from './balance';
import { transferMessages as m } from './messages';
import {
  matchDoneFromClosing,
  outsidePlatformDoneError,
  partiesVisible,
  TRANSFER_ACTIONS,
  TRANSFER_PERMISSIONS,
  transferActionError,
  transferMachine,
  transferOpensWith,
  transferSideOf,
  transferTransitionError,
} from './transfer';

const transfer = { status: 'OPEN', cutOrganizationId: 'org-cut', fillOrganizationId: 'org-fill' };

describe('transfer status machine', () => {
  it('opens with an accepted match; OPEN -> CLOSED or WITHDRAWN by an admin, both final', () => {
    expect(transferOpensWith('ACCEPTED')).toBe(true);
    expect(transferOpensWith('PROPOSED')).toBe(false);
    expect(Object.keys(transferMachine.OPEN)).toEqual(['CLOSED', 'WITHDRAWN']);
    expect(transferMachine.OPEN.CLOSED?.effect).toEqual({ matchBecomes: 'DONE', requiresClosing: true, requiresNoLoads: false });
    expect(transferMachine.OPEN.WITHDRAWN?.effect.matchBecomes).toBe('DECLINED');
    expect(transferMachine.CLOSED).toEqual({});
  });

  it('answers each refused move in French', () => {
    expect(transferTransitionError('OPEN', 'CLOSED', 'ADMIN')).toBeNull();
    expect(transferTransitionError('OPEN', 'CLOSED', 'OWNER')).toEqual({ kind: 'FORBIDDEN', message: m.transferByAdmin });
    expect(transferTransitionError('CLOSED', 'OPEN', 'ADMIN')).toEqual({ kind: 'CONFLICT', message: 'Un transfert clôturé ne peut pas devenir en cours.' });
    expect(transferTransitionError('CLOSED', 'CLOSED', 'ADMIN')).toEqual({ kind: 'CONFLICT', message: 'Ce transfert est déjà clôturé.' });
    expect(transferTransitionError('OPEN', 'LOST', 'ADMIN')?.message).toBe(m.transferStatusUnknown);
  });

  it('withdraws only a transfer without counted loads', () => {
    expect(transferTransitionError('OPEN', 'WITHDRAWN', 'ADMIN', { countedLoadCount: 0 })).toBeNull();
    expect(transferTransitionError('OPEN', 'WITHDRAWN', 'ADMIN', { countedLoadCount: 3 })).toEqual({ kind: 'CONFLICT', message: m.transferWithdrawHasLoads });
  });
});

describe('who may do what', () => {
  it('covers every action', () => {
    expect(Object.keys(TRANSFER_PERMISSIONS)).toEqual([...TRANSFER_ACTIONS]);
  });

  it('lets both sides and admins see the transfer, nobody else', () => {
    for (const role of ['OWNER', 'EMPLOYEE']) {
      expect(transferActionError('VIEW', { role, organizationId: 'org-cut' }, transfer)).toBeNull();
      expect(transferActionError('VIEW', { role, organizationId: 'org-fill' }, transfer)).toBeNull();
      expect(transferActionError('VIEW', { role, organizationId: 'org-other' }, transfer)).toEqual({ kind: 'NOT_FOUND', message: m.transferNotFound });
    }
    expect(transferActionError('VIEW', { role: 'ADMIN' }, transfer)).toBeNull();
    expect(transferActionError('VIEW', { role: 'EMPLOYEE', organizationId: null }, transfer)?.kind).toBe('NOT_FOUND');
    expect(transferActionError('VIEW', { role: 'GUEST', organizationId: 'org-cut' }, transfer)?.kind).toBe('FORBIDDEN');
    // A closed transfer stays visible.
    expect(transferActionError('VIEW', { role: 'EMPLOYEE', organizationId: 'org-fill' }, { ...transfer, status: 'CLOSED' })).toBeNull();
  });

  it('gives loads to the CUT side, receptions to the FILL side, the close to admins', () => {
    const cut = { role: 'EMPLOYEE', organizationId: 'org-cut' };
    const fill = { role: 'EMPLOYEE', organizationId: 'org-fill' };
    const admin = { role: 'ADMIN' };
    expect(transferActionError('RECORD_LOAD', cut, transfer)).toBeNull();
    expect(transferActionError('RECORD_LOAD', fill, transfer)?.kind).toBe('FORBIDDEN');
    expect(transferActionError('RECORD_LOAD', admin, transfer)?.kind).toBe('FORBIDDEN');
    expect(transferActionError('CONFIRM_RECEPTION', fill, transfer)).toBeNull();
    expect(transferActionError('CONFIRM_RECEPTION', cut, transfer)?.kind).toBe('FORBIDDEN');
    expect(transferActionError('CANCEL_LOAD', admin, transfer)).toBeNull();
    expect(transferActionError('CLOSE', admin, transfer)).toBeNull();
    expect(transferActionError('CLOSE', { role: 'OWNER', organizationId: 'org-cut' }, transfer)?.kind).toBe('FORBIDDEN');
    expect(transferActionError('RECORD_LOAD', cut, { ...transfer, status: 'CLOSED' })).toEqual({ kind: 'CONFLICT', message: m.transferNotOpen });
  });

  it('finds the actor’s side', () => {
    expect(transferSideOf('org-cut', transfer)).toBe('CUT');
    expect(transferSideOf('org-fill', transfer)).toBe('FILL');
    expect(transferSideOf('org-other', transfer)).toBeNull();
    expect(transferSideOf(undefined, transfer)).toBeNull();
  });

  it('shows the other party only from the acceptance on', () => {
    expect(partiesVisible('PROPOSED')).toBe(false);
    expect(partiesVisible('ACCEPTED')).toBe(true);
    expect(partiesVisible('DONE')).toBe(true);
    expect(partiesVisible('DECLINED')).toBe(false);
  });
});

describe('the match becoming DONE', () => {
  const loads: BalanceLoad[] = [
    { id: 'L1', status: 'ACCEPTED', wasteCode: '17 05 04', volumeM3: 11.8, weightTonnes: 20.46, departedAt: '2027-03-09T06:42:00Z', receivedAt: '2027-03-09T07:31:00Z' },
    { id: 'L2', status: 'ACCEPTED', wasteCode: '17 05 04', volumeM3: 12, departedAt: '2027-03-15T06:10:00Z', receivedAt: '2027-03-15T07:02:00Z' },
  ];

  it('records the accepted volume and the first and last load when an admin closes the transfer', () => {
    const result = transferClosing(loads);
    if (!result.ok) throw new Error(result.message);
    expect(matchDoneFromClosing(result.closing)).toEqual({
      movedVolumeM3: 23.8,
      transferDate: '2027-03-09',
      transferEndDate: '2027-03-15',
      source: 'PLATFORM_TRANSFER',
    });
  });

  it('keeps the typed DONE body for transfers run outside the platform only', () => {
    expect(outsidePlatformDoneError(null)).toBeNull();
    expect(outsidePlatformDoneError({ status: 'OPEN', countedLoadCount: 0 })).toBeNull();
    expect(outsidePlatformDoneError({ status: 'OPEN', countedLoadCount: 2 })).toBe(m.matchDoneHasLoads);
    expect(outsidePlatformDoneError({ status: 'CLOSED', countedLoadCount: 0 })).toBe(m.transferNotOpen);
  });
});
