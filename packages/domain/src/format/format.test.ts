import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatCredits,
  formatCubicMetres,
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatEuros,
  formatHectares,
  formatNumber,
} from './format';

// Intl fr-FR: U+202F between thousands, U+00A0 before the euro sign.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('French formatting', () => {
  it('numbers', () => {
    expect(formatNumber(1234567.891)).toBe(`1${NNBSP}234${NNBSP}567,89`);
    expect(formatNumber(-5)).toBe('-5');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(null)).toBe('-');
  });

  it('euros', () => {
    expect(formatEuros(1234.5)).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatEuros(-5)).toBe(`-5,00${NBSP}€`);
  });

  it('units', () => {
    expect(formatCubicMetres(1500)).toBe(`1${NNBSP}500${NBSP}m³`);
    expect(formatHectares(12.5)).toBe(`12,5${NBSP}ha`);
    expect(formatHectares(undefined)).toBe('-');
  });

  it('credits, singular below 2', () => {
    expect(formatCredits(0)).toBe(`0${NBSP}crédit`);
    expect(formatCredits(1)).toBe(`1${NBSP}crédit`);
    expect(formatCredits(1250)).toBe(`1${NNBSP}250${NBSP}crédits`);
  });

  it('dates as DD/MM/YYYY, Paris day', () => {
    expect(formatDate('2027-03-09')).toBe('09/03/2027');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01/01/2027');
    expect(formatDate(new Date('2027-03-09T12:00:00Z'))).toBe('09/03/2027');
    expect(formatDate(null)).toBe('Date non renseignée');
    expect(formatDate('n/a')).toBe('Date non renseignée');
    expect(formatDate(new Date(Number.NaN))).toBe('Date non renseignée');
  });

  it('dates with the time, in Paris', () => {
    expect(formatDateTime('2027-03-09T13:05:00Z')).toBe('09/03/2027 à 14:05');
    expect(formatDateTime('2026-07-14T22:30:00Z')).toBe('15/07/2026 à 00:30');
    expect(formatDateTime(new Date('2026-12-31T23:59:00Z'))).toBe('01/01/2027 à 00:59');
    expect(formatDateTime(undefined)).toBe('Date non renseignée');
    expect(formatDateTime('hier')).toBe('Date non renseignée');
  });

  it('formatLongDateTime: the day, the month in words and the time in Paris', () => {
    expect(formatLongDateTime('2027-03-09T13:05:00Z')).toBe('9 mars 2027 à 14:05');
    expect(formatLongDateTime('2026-07-14T22:30:00Z')).toBe('15 juillet 2026 à 00:30');
    expect(formatLongDateTime(new Date('2026-12-31T23:59:00Z'))).toBe('1er janvier 2027 à 00:59');
    expect(formatLongDateTime(null)).toBe('Date non renseignée');
    expect(formatLongDateTime('hier')).toBe('Date non renseignée');
  });

  it('addresses', () => {
    expect(formatAddress(' 1 rue du Rhin ')).toBe('1 rue du Rhin');
    expect(formatAddress('')).toBe('Adresse non renseignée');
  });
});
