import { describe, expect, it } from 'vitest';
import { fillTemplate } from './util';

describe('fillTemplate', () => {
  it('fills the spec placeholders and leaves unknown ones', () => {
    expect(fillTemplate('Un code à 6 chiffres a été envoyé à {email}', { email: 'a@b.fr' })).toBe(
      'Un code à 6 chiffres a été envoyé à a@b.fr',
    );
    expect(fillTemplate('{n} crédits ajoutés avec succès !', { n: 12 })).toBe('12 crédits ajoutés avec succès !');
    expect(fillTemplate('Erreur {status}: {detail}', { status: 409 })).toBe('Erreur 409: {detail}');
  });
});
