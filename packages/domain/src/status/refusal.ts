import * as v from 'valibot';
import { maxLengthMessage, messages } from '../messages';

export const REFUSAL_REASON_MAX_LENGTH = 2000;

/** The admin's refusal reason: required, not only spaces (spec §5); trimmed on output. */
export const refusalReasonSchema = v.pipe(
  v.string(messages.refusalReasonRequired),
  v.trim(),
  v.nonEmpty(messages.refusalReasonRequired),
  v.maxLength(REFUSAL_REASON_MAX_LENGTH, maxLengthMessage(REFUSAL_REASON_MAX_LENGTH)),
);
