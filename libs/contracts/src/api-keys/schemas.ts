import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { clientOwnedListFilterFields, listRequestBase, sortDirectionSchema } from '../pagination';

const v = MESSAGES.validation;

/** Every key starts with this, so keys are recognisable in configs and by secret scanners. */
export const API_KEY_PREFIX = 'dpk_';
/** How many leading characters of a key are kept to tell keys apart in lists (`dpk_` + 8). */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 12;

/** The display prefix kept for a key (its secret part is never stored). */
export const apiKeyDisplayPrefix = (secretKey: string): string =>
  secretKey.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);

const nameField = requiredString(v.nameRequired, 100);

/**
 * POST /apiKey/create as a client user sends it: a name; the key always belongs to the user's own client
 * (a `clientId`, if sent, must be that client).
 */
export const createApiKeySchema = z
  .object({
    name: nameField,
    clientId: z.uuid({ error: v.clientRequired }).optional(),
  })
  .strict();
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

/** The same call from staff, who pick the client: the client is required. */
export const staffCreateApiKeySchema = createApiKeySchema.extend({
  clientId: z.uuid({ error: v.clientRequired }),
});

/** PUT /apiKey/{id}: rename, activate or deactivate (absent = unchanged). */
export const updateApiKeySchema = z
  .object({
    name: nameField.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateApiKeyRequest = z.input<typeof updateApiKeySchema>;

/** An API key as lists show it: never the secret, only its first characters. */
export const apiKeyViewSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  name: z.string(),
  /** The first API_KEY_DISPLAY_PREFIX_LENGTH characters of the key, e.g. `dpk_Ab3x9QzL`. */
  keyPrefix: z.string(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The create reply: the only time the whole key (SPEC §3 `secretKey`) is ever sent. */
export const createdApiKeySchema = apiKeyViewSchema.extend({ secretKey: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const API_KEY_SORT_FIELDS = ['createdAt', 'name'] as const;
export type ApiKeySortField = (typeof API_KEY_SORT_FIELDS)[number];

export const apiKeyListRequestSchema = listRequestBase.extend({
  filters: z
    // `search`: the name or prefix contains it (case-insensitive).
    .object(clientOwnedListFilterFields)
    .strict()
    .default({}),
  orderBy: z
    .object({ field: z.enum(API_KEY_SORT_FIELDS), direction: sortDirectionSchema })
    .default({ field: 'createdAt', direction: 'desc' }),
});
export type ApiKeyListRequest = z.input<typeof apiKeyListRequestSchema>;
export type ApiKeyListFilters = NonNullable<ApiKeyListRequest['filters']>;
