import * as v from 'valibot';
import { OTP_LENGTH } from '../constants';
import { messages } from '../messages';

export const OTP_PATTERN = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** Exactly 6 digits; an empty code gets the same sentence (spec §5). */
export const otpSchema = v.pipe(v.string(messages.otp), v.trim(), v.regex(OTP_PATTERN, messages.otp));

export function isValidOtp(value: string): boolean {
  return OTP_PATTERN.test(value.trim());
}
