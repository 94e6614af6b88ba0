import * as v from 'valibot';
import { messages } from '../messages';

/** Strict pattern: a top-level domain of at least 2 letters (spec §5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Simple pattern used by onboarding and invitations: no spaces, one @, a dot in the domain. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// RFC 5321 path limit; beyond it no mailbox exists, so the pattern message fits.
const EMAIL_MAX_LENGTH = 254;

function requiredEmail(pattern: RegExp, message: string, requiredMessage: string = messages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(EMAIL_MAX_LENGTH, message),
    v.regex(pattern, message),
  );
}

function optionalEmail(pattern: RegExp, message: string) {
  return v.nullish(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(EMAIL_MAX_LENGTH, message),
      v.check((value) => value === '' || pattern.test(value), message),
    ),
  );
}

export const emailSchema = requiredEmail(EMAIL_PATTERN, messages.email);
/** Same rule, with the login screen's own wording. */
export const loginEmailSchema = requiredEmail(EMAIL_PATTERN, messages.loginEmail);
export const simpleEmailSchema = requiredEmail(SIMPLE_EMAIL_PATTERN, messages.simpleEmail);

/** Required, simple pattern, with a field's own required message (onboarding steps 2 and 3). */
export function createSimpleEmailSchema(requiredMessage: string = messages.required) {
  return requiredEmail(SIMPLE_EMAIL_PATTERN, messages.simpleEmail, requiredMessage);
}

/** Missing, null or empty passes; anything else must match. */
export const optionalEmailSchema = optionalEmail(EMAIL_PATTERN, messages.email);
export const optionalSimpleEmailSchema = optionalEmail(SIMPLE_EMAIL_PATTERN, messages.simpleEmail);

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
