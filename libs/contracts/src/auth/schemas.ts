import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailField, requiredString } from '../fields';

const v = MESSAGES.validation;

export const signInSchema = z.object({
  email: emailField,
  password: requiredString(v.passwordRequired),
});
export type SignInRequest = z.infer<typeof signInSchema>;

export const signInReplySchema = z.object({
  token: z.string(),
  /** ISO date-time when the session ends (24 h after sign-in). */
  validUntil: z.iso.datetime(),
});
export type SignInReply = z.infer<typeof signInReplySchema>;
