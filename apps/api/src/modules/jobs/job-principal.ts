import { can, MESSAGES, ROLES, type Permission } from '@depot/contracts';
import { z } from 'zod';
import type { JobCallersRepository } from './job-callers.repository';

/** A signed-in user a job acts for: exports and bulk labels are asked for in the panel only. */
export const sessionJobPrincipalSchema = z.object({
  kind: z.literal('session'),
  userId: z.string(),
  role: z.enum(ROLES),
  clientId: z.string().nullable(),
  sessionId: z.string(),
  expiresAt: z.string(),
});

/** The caller a parcels job acts for (its audit entries and history name it): a signed-in user or an API key. */
export const jobPrincipalSchema = z.discriminatedUnion('kind', [
  sessionJobPrincipalSchema,
  z.object({
    kind: z.literal('apiKey'),
    apiKeyId: z.string(),
    role: z.literal('user'),
    clientId: z.string(),
    userId: z.null(),
    sessionId: z.null(),
    expiresAt: z.null(),
  }),
]);

export type JobPrincipal = z.output<typeof jobPrincipalSchema>;

/**
 * The job's caller as it is now (decision 0087). A job runs after it was asked for, maybe after the person was
 * deactivated, lost the permission or moved to another client, or the key was switched off: then it fails (the
 * starting user gets `job:failed` with the message) instead of acting with rights nobody holds any more. A user's
 * current role and client are used from here on. Parcels jobs, exports and bulk labels all ask this.
 */
export async function currentJobPrincipal<P extends JobPrincipal>(
  callers: JobCallersRepository,
  principal: P,
  permission: Permission,
): Promise<P> {
  const now =
    principal.kind === 'session'
      ? await callers.user(principal.userId)
      : await callers.apiKey(principal.apiKeyId);
  if (!now?.active || !now.clientUsable || !can(now.role, permission)) throw new Error(MESSAGES.forbidden);
  return principal.kind === 'session' ? { ...principal, role: now.role, clientId: now.clientId } : principal;
}
