import * as v from 'valibot';
import { EMAIL_MAX_LENGTH } from '../constants';
import { formMessages } from '../messages/forms';

/** Strict pattern: a top-level domain of at least 2 letters (spec §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Simple pattern used by onboarding and invitations: no spaces, one @, a dot in the domain. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// EMAIL_MAX_LENGTH: the RFC 5321 path limit; beyond it no mailbox exists, so the pattern message fits.

// What a mail server takes (RFC 5321, with RFC 6531's UTF-8): dot-separated atoms of letters,
// digits and `!#$%&'*+/=?^_\`{|}~-` before the @, host-name labels (no edge hyphen) after it.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\p{L}\\p{N}\\p{M}-]";
const LABEL = '[\\p{L}\\p{N}\\p{M}](?:[\\p{L}\\p{N}\\p{M}-]*[\\p{L}\\p{N}\\p{M}])?';
const MAILABLE_PATTERN = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@${LABEL}(?:\\.${LABEL})+$`, 'u');

/**
 * An address a mail server accepts: both patterns above let through some that SMTP refuses
 * (`a..b@x.fr`, `a@b_c.fr`, `a@8~r.l`), which would turn an invitation or a sign-in code into a
 * failed send (issue 12: found by the API's fuzzer). Checked with the pattern's own message.
 */
export function isMailableAddress(value: string): boolean {
  return MAILABLE_PATTERN.test(value);
}

function requiredEmail(pattern: RegExp, message: string, requiredMessage: string = formMessages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(EMAIL_MAX_LENGTH, message),
    v.regex(pattern, message),
    v.check(isMailableAddress, message),
  );
}

function optionalEmail(pattern: RegExp, message: string) {
  return v.nullish(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(EMAIL_MAX_LENGTH, message),
      v.check((value) => value === '' || (pattern.test(value) && isMailableAddress(value)), message),
    ),
  );
}

export const emailSchema = requiredEmail(EMAIL_PATTERN, formMessages.email);
/** Same rule, with the login screen's own wording. */
export const loginEmailSchema = requiredEmail(EMAIL_PATTERN, formMessages.loginEmail);
export const simpleEmailSchema = requiredEmail(SIMPLE_EMAIL_PATTERN, formMessages.simpleEmail);

/** Required, simple pattern, with a field's own required message (onboarding steps 2 and 3). */
export function createSimpleEmailSchema(requiredMessage: string = formMessages.required) {
  return requiredEmail(SIMPLE_EMAIL_PATTERN, formMessages.simpleEmail, requiredMessage);
}

/** Missing, null or empty passes; anything else must match. */
export const optionalEmailSchema = optionalEmail(EMAIL_PATTERN, formMessages.email);
export const optionalSimpleEmailSchema = optionalEmail(SIMPLE_EMAIL_PATTERN, formMessages.simpleEmail);

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isValidSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL_PATTERN.test(value.trim());
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
