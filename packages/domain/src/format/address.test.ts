import { describe, expect, it } from 'vitest';
import { splitAddressLabel } from './address';

describe('splitAddressLabel', () => {
  it('reads the address service labels', () => {
    expect(splitAddressLabel('10 Rue du Sauvage 68100 Mulhouse')).toEqual({ street: '10 Rue du Sauvage', postcode: '68100', city: 'Mulhouse' });
    expect(splitAddressLabel(' Rue de Huningue, 68300 Saint-Louis ')).toEqual({
      street: 'Rue de Huningue',
      postcode: '68300',
      city: 'Saint-Louis',
    });
    expect(splitAddressLabel('2 Place de la Cathédrale 67000 Strasbourg')?.city).toBe('Strasbourg');
  });

  it('answers null for anything else', () => {
    expect(splitAddressLabel('Mulhouse')).toBeNull();
    expect(splitAddressLabel('68100 Mulhouse')).toBeNull();
    expect(splitAddressLabel('')).toBeNull();
    expect(splitAddressLabel(null)).toBeNull();
  });
});
