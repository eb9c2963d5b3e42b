import { z } from 'zod';
import { MESSAGES } from './messages';
import { PASSWORD_MIN_LENGTH } from './constants';

const v = MESSAGES.validation;

/** A string that must be present and not blank; one message for missing, wrong type and blank. */
export const requiredString = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

export const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired })
  .pipe(z.email({ error: v.emailInvalid }).max(254, { error: v.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: v.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .max(200, { error: 'At most 200 characters' });

export const uuidField = (message: string) => z.uuid({ error: message });
