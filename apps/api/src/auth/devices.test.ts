import { describe, expect, it } from 'vitest';
import { knownDevice, MAX_DEVICE_ENTRIES, rememberDevice } from './devices.js';

const SECRET = 's'.repeat(40);

describe('device cookies', () => {
  it('passes only for the address it was issued for, with the same secret', () => {
    const { deviceId, value } = rememberDevice(SECRET, undefined, 'Camille@Exemple.fr');
    expect(knownDevice(SECRET, value, 'camille@exemple.fr')).toBe(deviceId);
    expect(knownDevice(SECRET, value, 'autre@exemple.fr')).toBeUndefined();
    expect(knownDevice('t'.repeat(40), value, 'camille@exemple.fr')).toBeUndefined();
    expect(value).not.toContain('camille');
  });

  it('refuses forged, truncated and garbage values', () => {
    const { value } = rememberDevice(SECRET, undefined, 'a@exemple.fr');
    const [id, signature] = value.split('.') as [string, string];
    const flipped = `${id}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [flipped, `${id}.`, id, '', '~~~', `${'x'.repeat(22)}.${signature}`, 'é'.repeat(5000)]) {
      expect(knownDevice(SECRET, forged, 'a@exemple.fr')).toBeUndefined();
    }
  });

  it('keeps one entry per address, the same device id on each sign-in, at most five addresses', () => {
    let cookie: string | undefined;
    const first = rememberDevice(SECRET, cookie, 'a@exemple.fr');
    cookie = first.value;
    const again = rememberDevice(SECRET, cookie, 'a@exemple.fr');
    expect(again.deviceId).toBe(first.deviceId);
    expect(again.value).toBe(first.value);
    for (let i = 0; i < MAX_DEVICE_ENTRIES; i += 1) cookie = rememberDevice(SECRET, cookie, `n${i}@exemple.fr`).value;
    expect(cookie!.split('~')).toHaveLength(MAX_DEVICE_ENTRIES);
    expect(knownDevice(SECRET, cookie, 'a@exemple.fr')).toBeUndefined();
    expect(knownDevice(SECRET, cookie, `n${MAX_DEVICE_ENTRIES - 1}@exemple.fr`)).toBeDefined();
    expect(knownDevice(SECRET, cookie, 'n0@exemple.fr')).toBeDefined();
  });
});
