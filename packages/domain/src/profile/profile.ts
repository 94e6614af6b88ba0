import * as v from 'valibot';
import { formObject } from '../validators/object';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants';
import { maxLengthMessage } from '../messages';
import { formMessages } from '../messages/forms';
import { PHONE_PATTERN } from '../validators/phone';
import { isBlank, requiredText } from '../validators/text';

const profilePhoneSchema = v.pipe(
  v.string(formMessages.phoneRequired),
  v.trim(),
  v.nonEmpty(formMessages.phoneRequired),
  v.maxLength(PHONE_MAX_LENGTH, maxLengthMessage(PHONE_MAX_LENGTH)),
  v.regex(PHONE_PATTERN, formMessages.phone),
);

/**
 * Onboarding profile step and profile edit (PUT /users/me). Both save through the same
 * call, so they share one rule set: the step's required messages plus the edit form's
 * limits (names 100, phone 20 and the phone pattern).
 */
export const profileSchema = formObject({
  firstName: requiredText(NAME_MAX_LENGTH, formMessages.firstNameRequired),
  lastName: requiredText(NAME_MAX_LENGTH, formMessages.lastNameRequired),
  phoneNumber: profilePhoneSchema,
});
export const profileStepSchema = profileSchema;
export const profileEditSchema = profileSchema;
export type ProfileInput = v.InferInput<typeof profileSchema>;
export type Profile = v.InferOutput<typeof profileSchema>;

/** Completeness guard (spec §4): first name, last name and phone all non-empty. */
export function isProfileComplete(
  user: { firstName?: string | null; lastName?: string | null; phoneNumber?: string | null } | null | undefined,
): boolean {
  if (!user) return false;
  return !isBlank(user.firstName) && !isBlank(user.lastName) && !isBlank(user.phoneNumber);
}
