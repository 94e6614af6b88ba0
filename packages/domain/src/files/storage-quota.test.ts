import { describe, expect, it } from 'vitest';
import { formatStorageSize, storageQuotaMessage, storageUsePercent, storageUseText } from './storage-quota';

const MIB = 1024 * 1024;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('storage quota texts', () => {
  it('writes sizes in Mo (MiB, as the 5 Mo file limit), one decimal at most', () => {
    expect(plain(formatStorageSize(0))).toBe('0 Mo');
    expect(plain(formatStorageSize(1))).toBe('0,1 Mo');
    expect(plain(formatStorageSize(5 * MIB))).toBe('5 Mo');
    expect(plain(formatStorageSize(12.5 * MIB))).toBe('12,5 Mo');
    expect(plain(formatStorageSize(1024 * MIB))).toBe('1 024 Mo');
  });

  it('gives the share used, capped at 100', () => {
    expect(storageUsePercent(0, 10 * MIB)).toBe(0);
    expect(storageUsePercent(5 * MIB, 10 * MIB)).toBe(50);
    expect(storageUsePercent(11 * MIB, 10 * MIB)).toBe(100);
    expect(storageUsePercent(1, 0)).toBe(0);
  });

  it('says where the organisation stands and what to do', () => {
    expect(plain(storageUseText(5 * MIB, 20 * MIB))).toBe('5 Mo utilisés sur 20 Mo (25 %)');
    expect(plain(storageQuotaMessage(18 * MIB, 20 * MIB))).toBe(
      'Le quota de stockage de votre organisation est atteint : 18 Mo utilisés sur 20 Mo. Supprimez des documents dont vous n’avez plus besoin, ou contactez le support pour l’augmenter.',
    );
  });
});
