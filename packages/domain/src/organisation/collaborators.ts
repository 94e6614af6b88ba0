import * as v from 'valibot';
import { formObject } from '../validators/object';
import { MAX_COLLABORATORS } from '../constants';
import { messages } from '../messages';
import { normalizeEmail, simpleEmailSchema } from '../validators/email';

export const inviteSchema = formObject({ email: simpleEmailSchema });

export type InviteCheck = { ok: true; email: string } | { ok: false; message: string };

/**
 * Collaborator invitation rules (spec §5), in the order a user meets them: the limit first
 * (at 5 the field is replaced by the message), then the address itself, then oneself and
 * duplicates, both compared case-insensitively. On success `email` is the trimmed address.
 */
export function validateInvite(input: {
  email: string | null | undefined;
  selfEmail?: string | null | undefined;
  existingEmails?: readonly string[] | undefined;
}): InviteCheck {
  const existing = input.existingEmails ?? [];
  if (existing.length >= MAX_COLLABORATORS) return { ok: false, message: messages.inviteMax };
  const parsed = v.safeParse(simpleEmailSchema, input.email);
  if (!parsed.success) return { ok: false, message: parsed.issues[0].message };
  const email = normalizeEmail(parsed.output);
  if (input.selfEmail && normalizeEmail(input.selfEmail) === email) {
    return { ok: false, message: messages.inviteSelf };
  }
  if (existing.some((other) => normalizeEmail(other) === email)) {
    return { ok: false, message: messages.inviteDuplicate };
  }
  return { ok: true, email: parsed.output };
}
