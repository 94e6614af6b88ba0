import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validators/field-errors';
import {
  availableLoadActions,
  createLoadDepartureSchema,
  createLoadReceptionSchema,
  formatLoadNumber,
  loadActionError,
  loadCancelSchema,
  loadCreationError,
  loadMachine,
  loadNumberYear,
  normalizePlate,
  parseLoadNumber,
} from './load';
import { transferMessages as m } from './messages';

// A working morning on a Lyon site, winter time (UTC+1): the tipper leaves at 07:42.
const NOW = new Date('2027-03-09T09:00:00Z');

describe('normalizePlate', () => {
  it('writes SIV plates as printed', () => {
    expect(normalizePlate('ab 123 cd')).toEqual({ plate: 'AB-123-CD', kind: 'SIV' });
    expect(normalizePlate(' GH-456-JK ')).toEqual({ plate: 'GH-456-JK', kind: 'SIV' });
    expect(normalizePlate('fz.789.aa')).toEqual({ plate: 'FZ-789-AA', kind: 'SIV' });
  });

  it('writes old FNI plates with spaces, Corsica and overseas included', () => {
    expect(normalizePlate('1234ab56')).toEqual({ plate: '1234 AB 56', kind: 'FNI' });
    expect(normalizePlate('567 XY 2a')).toEqual({ plate: '567 XY 2A', kind: 'FNI' });
    expect(normalizePlate('12 AB 971')).toEqual({ plate: '12 AB 971', kind: 'FNI' });
  });

  it('keeps foreign plates uppercased within 4 to 12 characters', () => {
    expect(normalizePlate('b-mü 1234')).toEqual({ plate: 'B-MÜ 1234', kind: 'FOREIGN' });
    expect(normalizePlate('1-ABC-123')).toEqual({ plate: '1-ABC-123', kind: 'FOREIGN' });
    // SIV letters never include I, O, U, nor SS, nor 000: such plates are foreign.
    expect(normalizePlate('AI-123-CD')?.kind).toBe('FOREIGN');
    expect(normalizePlate('SS-123-CD')?.kind).toBe('FOREIGN');
    expect(normalizePlate('AB-000-CD')?.kind).toBe('FOREIGN');
  });

  it('refuses control characters, too short or too long plates and symbols', () => {
    expect(normalizePlate('AB-123\n-CD')).toBeNull();
    expect(normalizePlate('AB1')).toBeNull();
    expect(normalizePlate('ABCDEFGHIJKLM')).toBeNull();
    expect(normalizePlate('AB#123')).toBeNull();
    expect(normalizePlate(42)).toBeNull();
  });
});

describe('createLoadDepartureSchema', () => {
  const schema = createLoadDepartureSchema({ wasteCodes: ['17 05 04', '17 05 03*'], now: NOW });
  const departure = {
    departedAt: '2027-03-09T07:42:00+01:00',
    carrierId: 'c0a8012e-7d1c-4f3a-9b7e-2f1d5c9a3b11',
    vehiclePlate: 'ab123cd',
    wasteCode: '170504',
    volumeM3: 11.8,
  };

  it('normalises the departure: UTC instant, printed plate, register code', () => {
    expect(v.parse(schema, departure)).toEqual({
      departedAt: '2027-03-09T06:42:00.000Z',
      carrierId: 'c0a8012e-7d1c-4f3a-9b7e-2f1d5c9a3b11',
      vehiclePlate: 'AB-123-CD',
      wasteCode: '17 05 04',
      volumeM3: 11.8,
      weightTonnes: null,
      weighbridgeTicket: null,
      correctionNote: null,
    });
  });

  it('takes a weighed load with its weighbridge ticket', () => {
    const weighed = v.parse(schema, { ...departure, weightTonnes: 20.46, weighbridgeTicket: 'pb-2027-004512' });
    expect(weighed).toMatchObject({ weightTonnes: 20.46, weighbridgeTicket: 'PB-2027-004512' });
  });

  it('refuses a ticket without weight, and a code that is not the listing’s', () => {
    expect(fieldErrors(v.safeParse(schema, { ...departure, weighbridgeTicket: 'PB-1' }))).toEqual({ weightTonnes: m.loadTicketWithoutWeight });
    expect(fieldErrors(v.safeParse(schema, { ...departure, wasteCode: '17 05 06' }))).toEqual({
      wasteCode: 'Le code déchet 17 05 06 ne figure pas dans l’annonce de déblais : choisissez 17 05 04, 17 05 03*.',
    });
  });

  it('bounds the volume (> 0, 50 m³ by road, 3 decimals) and the weight (44 t by road)', () => {
    expect(fieldErrors(v.safeParse(schema, { ...departure, volumeM3: 0 }))).toEqual({ volumeM3: m.loadVolumeRequired });
    expect(fieldErrors(v.safeParse(schema, { ...departure, volumeM3: 118 }))).toEqual({ volumeM3: 'Le volume d’un chargement ne doit pas dépasser 50 m³.' });
    expect(fieldErrors(v.safeParse(schema, { ...departure, volumeM3: 11.8001 }))).toEqual({ volumeM3: m.loadVolumeDecimals });
    expect(fieldErrors(v.safeParse(schema, { ...departure, weightTonnes: 204.6 }))).toEqual({ weightTonnes: 'Le poids d’un chargement ne doit pas dépasser 44 t.' });
    const barge = createLoadDepartureSchema({ wasteCodes: ['17 05 04'], transportMode: 'RIVER', now: NOW });
    expect(v.parse(barge, { ...departure, volumeM3: 1470 }).volumeM3).toBe(1470);
    expect(fieldErrors(v.safeParse(barge, { ...departure, volumeM3: 10_001 }))).toEqual({ volumeM3: 'Le volume d’un chargement ne doit pas dépasser 10 000 m³.' });
  });

  it('refuses a departure in the future (beyond 5 minutes of clock skew) or without offset', () => {
    expect(v.safeParse(schema, { ...departure, departedAt: '2027-03-09T10:04:00+01:00' }).success).toBe(true);
    expect(fieldErrors(v.safeParse(schema, { ...departure, departedAt: '2027-03-09T10:06:00+01:00' }))).toEqual({ departedAt: m.loadDepartedAtFuture });
    expect(fieldErrors(v.safeParse(schema, { ...departure, departedAt: '2027-03-09T07:42' }))).toEqual({ departedAt: m.loadDepartedAtInvalid });
    expect(fieldErrors(v.safeParse(schema, { ...departure, departedAt: undefined }))).toEqual({ departedAt: m.loadDepartedAtRequired });
  });

  it('reports every missing field in French', () => {
    expect(fieldErrors(v.safeParse(schema, {}))).toEqual({
      departedAt: m.loadDepartedAtRequired,
      carrierId: m.loadCarrierRequired,
      vehiclePlate: m.loadPlateRequired,
      wasteCode: m.loadWasteCodeRequired,
      volumeM3: m.loadVolumeRequired,
    });
  });
});

describe('createLoadReceptionSchema', () => {
  const schema = createLoadReceptionSchema({ departedAt: '2027-03-09T06:42:00.000Z', now: NOW });

  it('takes an acceptance, dropping a stray reason', () => {
    expect(v.parse(schema, { receivedAt: '2027-03-09T08:31:00+01:00', outcome: 'ACCEPTED', refusalReason: 'ok' })).toEqual({
      receivedAt: '2027-03-09T07:31:00.000Z',
      outcome: 'ACCEPTED',
      refusalReason: null,
      receivedVolumeM3: null,
      receivedWeightTonnes: null,
    });
  });

  it('takes the received volume or weight when it differs', () => {
    const received = v.parse(schema, { receivedAt: '2027-03-09T08:31:00+01:00', outcome: 'ACCEPTED', receivedVolumeM3: 11.2, receivedWeightTonnes: 19.84 });
    expect(received).toMatchObject({ receivedVolumeM3: 11.2, receivedWeightTonnes: 19.84 });
  });

  it('requires a reason for a refusal', () => {
    expect(fieldErrors(v.safeParse(schema, { receivedAt: '2027-03-09T08:31:00+01:00', outcome: 'REFUSED' }))).toEqual({
      refusalReason: m.loadRefusalReasonRequired,
    });
    expect(
      v.parse(schema, { receivedAt: '2027-03-09T08:31:00+01:00', outcome: 'REFUSED', refusalReason: ' Présence de déchets de démolition (plâtre) ' }).refusalReason,
    ).toBe('Présence de déchets de démolition (plâtre)');
  });

  it('refuses a reception before the departure, in the future, or without outcome', () => {
    expect(fieldErrors(v.safeParse(schema, { receivedAt: '2027-03-09T07:41:00+01:00', outcome: 'ACCEPTED' }))).toEqual({
      receivedAt: 'La réception ne peut pas précéder le départ du chargement (09/03/2027 à 07:42).',
    });
    expect(fieldErrors(v.safeParse(schema, { receivedAt: '2027-03-09T11:00:00+01:00', outcome: 'ACCEPTED' }))).toEqual({ receivedAt: m.loadReceivedAtFuture });
    expect(fieldErrors(v.safeParse(schema, { receivedAt: '2027-03-09T08:31:00+01:00' }))).toEqual({ outcome: m.loadOutcomeRequired });
  });
});

describe('loadCancelSchema', () => {
  it('requires a reason', () => {
    expect(fieldErrors(v.safeParse(loadCancelSchema, { reason: '  ' }))).toEqual({ reason: m.loadCancelReasonRequired });
    expect(v.parse(loadCancelSchema, { reason: 'Bon saisi deux fois' })).toEqual({ reason: 'Bon saisi deux fois' });
  });
});

describe('load status machine', () => {
  const cutEmployee = { role: 'EMPLOYEE', side: 'CUT' } as const;
  const cutOwner = { role: 'OWNER', side: 'CUT' } as const;
  const fillEmployee = { role: 'EMPLOYEE', side: 'FILL' } as const;
  const admin = { role: 'ADMIN', side: null } as const;
  const stranger = { role: 'OWNER', side: null } as const;

  it('is a table keyed by status with named guards', () => {
    expect(Object.keys(loadMachine)).toEqual(['IN_TRANSIT', 'ACCEPTED', 'REFUSED', 'CANCELLED']);
    expect(loadMachine.IN_TRANSIT.ACCEPT?.guard.name).toBe('byFillMember');
    expect(loadMachine.IN_TRANSIT.CORRECT).toMatchObject({ to: 'IN_TRANSIT', effect: { newVersion: true } });
    expect(loadMachine.IN_TRANSIT.REFUSE?.effect).toMatchObject({ requiresReason: true, notifiesAtOnce: true });
    expect(loadMachine.CANCELLED).toEqual({});
  });

  it('lets the CUT side record, correct and cancel, the FILL side confirm', () => {
    expect(loadCreationError(cutEmployee, 'OPEN')).toBeNull();
    expect(loadCreationError(fillEmployee, 'OPEN')).toEqual({ kind: 'FORBIDDEN', message: m.loadByCutMember });
    expect(loadCreationError(admin, 'OPEN')).toEqual({ kind: 'FORBIDDEN', message: m.loadByCutMember });
    expect(availableLoadActions('IN_TRANSIT', cutEmployee, 'OPEN')).toEqual(['CORRECT', 'CANCEL']);
    expect(availableLoadActions('IN_TRANSIT', fillEmployee, 'OPEN')).toEqual(['ACCEPT', 'REFUSE']);
    expect(availableLoadActions('IN_TRANSIT', admin, 'OPEN')).toEqual(['CANCEL']);
    expect(availableLoadActions('ACCEPTED', cutOwner, 'OPEN')).toEqual(['CANCEL']);
    expect(availableLoadActions('ACCEPTED', fillEmployee, 'OPEN')).toEqual([]);
  });

  it('corrects only before the reception, and cancels after it', () => {
    expect(loadActionError('ACCEPTED', 'CORRECT', cutEmployee, 'OPEN')).toEqual({ kind: 'CONFLICT', message: m.loadCorrectOnlyBeforeReception });
    expect(loadActionError('REFUSED', 'CANCEL', cutEmployee, 'OPEN')).toBeNull();
    expect(loadActionError('CANCELLED', 'CANCEL', cutEmployee, 'OPEN')).toEqual({ kind: 'CONFLICT', message: 'Un chargement annulé ne peut pas être annulé.' });
  });

  it('counts a confirmation once: a second one is a conflict', () => {
    expect(loadActionError('IN_TRANSIT', 'ACCEPT', fillEmployee, 'OPEN')).toBeNull();
    expect(loadActionError('ACCEPTED', 'ACCEPT', fillEmployee, 'OPEN')).toEqual({ kind: 'CONFLICT', message: 'Un chargement accepté ne peut pas être accepté.' });
    expect(loadActionError('ACCEPTED', 'REFUSE', fillEmployee, 'OPEN')?.kind).toBe('CONFLICT');
  });

  it('hides the transfer from a third organisation and freezes a closed one', () => {
    expect(loadActionError('IN_TRANSIT', 'ACCEPT', stranger, 'OPEN')).toEqual({ kind: 'NOT_FOUND', message: m.transferNotFound });
    expect(loadCreationError(stranger, 'OPEN')?.kind).toBe('NOT_FOUND');
    expect(loadActionError('IN_TRANSIT', 'CANCEL', cutEmployee, 'CLOSED')).toEqual({ kind: 'CONFLICT', message: m.loadTransferClosed });
    expect(loadCreationError(cutEmployee, 'CLOSED')?.kind).toBe('CONFLICT');
    expect(loadActionError('IN_TRANSIT', 'ACCEPT', cutEmployee, 'OPEN')).toEqual({ kind: 'FORBIDDEN', message: m.loadByFillMember });
    expect(loadActionError('IN_TRANSIT', 'ACCEPT', { role: 'ROBOT', side: 'FILL' }, 'OPEN')?.kind).toBe('FORBIDDEN');
  });
});

describe('load number', () => {
  it('formats and parses BT-year-sequence', () => {
    expect(formatLoadNumber(2026, 123)).toBe('BT-2026-000123');
    expect(formatLoadNumber(2027, 1_234_567)).toBe('BT-2027-1234567');
    expect(parseLoadNumber(' bt-2026-000123 ')).toEqual({ year: 2026, sequence: 123 });
    expect(parseLoadNumber('BT-2026-000000')).toBeNull();
    expect(parseLoadNumber('BT-26-000123')).toBeNull();
    expect(() => formatLoadNumber(2026, 0)).toThrow(RangeError);
  });

  it('takes the year of the recording in Paris', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(loadNumberYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });
});
