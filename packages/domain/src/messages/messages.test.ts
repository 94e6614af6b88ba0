import { describe, expect, it } from 'vitest';
import { matchingMessages } from '../matching/messages';
import { DEFAULT_DETAILS, MESSAGE_AREAS, messages, schemaRuleMessage } from './index';

describe('messages', () => {
  it('name each key in one area only', () => {
    const keys = Object.values(MESSAGE_AREAS).flatMap((area) => Object.keys(area));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(Object.keys(messages)).toHaveLength(keys.length);
  });

  it('hold each sentence once (matching’s included): one sentence, one key', () => {
    const sentences = [...Object.values(messages), ...Object.values(matchingMessages)];
    expect(sentences.filter((text, i) => sentences.indexOf(text) !== i)).toEqual([]);
  });

  it('give every default status detail from the keys', () => {
    const values = new Set<string>(Object.values(messages));
    for (const detail of Object.values(DEFAULT_DETAILS)) expect(values.has(detail)).toBe(true);
  });

  it('keep the sentences clients and the contract quote', () => {
    expect(messages.insufficientBalance).toBe('Solde de crédits insuffisant.');
    expect(messages.inviteMax).toBe('Vous avez atteint le nombre maximal de collaborateurs (5)');
    expect(messages.organizationArchived).toBe('Votre organisation a été archivée.');
    expect(messages.creditsAmount).toBe('Le montant de crédits doit être entre 1 et 999');
  });
});

describe('schemaRuleMessage', () => {
  it('names the field as sent and the rule, in French', () => {
    expect(schemaRuleMessage({ keyword: 'required', field: 'project_name', params: {} })).toBe('Le champ « project_name » est obligatoire.');
    expect(schemaRuleMessage({ keyword: 'type', field: '', params: { type: 'object' } })).toBe('Le contenu de la requête doit être un objet.');
  });
});
