import { ROLES } from '@depot/contracts';
import { z } from 'zod';

/** The caller a parcels job acts for (its audit entries and history name it): a signed-in user or an API key. */
export const jobPrincipalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    userId: z.string(),
    role: z.enum(ROLES),
    clientId: z.string().nullable(),
    sessionId: z.string(),
    expiresAt: z.string(),
  }),
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
