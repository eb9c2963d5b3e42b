import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { blank, optionalText } from '../clients/client-fields';
import { clientOwnedListFilterFields, listRequestBase, sortDirectionSchema } from '../pagination';

const v = MESSAGES.validation;

/** SPEC §9: the shop integration types. */
export const INTEGRATION_TYPES = ['ebay', 'shopify', 'presta_shop', 'cdn_xl'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Missing (or blank) is "Type is required"; a value that is not one of the types is "Unknown integration type". */
export const integrationTypeField = z.preprocess(
  (x) => (blank(x) ? undefined : x),
  z.enum(INTEGRATION_TYPES, {
    error: (iss) => (iss.input === undefined ? v.typeRequired : v.integrationTypeInvalid),
  }),
);

const nameField = requiredString(v.nameRequired, 100);
const keyField = requiredString(v.keyRequired, 1000);

/**
 * POST /integration/create (SPEC §3 Integration: name, type, key, user). Staff name the client; a client user's
 * integration always belongs to its own client.
 */
export const createIntegrationSchema = z
  .object({
    name: nameField,
    type: integrationTypeField,
    key: keyField,
    user: optionalText(255),
    active: z.boolean().default(true),
    clientId: z.uuid({ error: v.clientRequired }).optional(),
  })
  .strict();
export type CreateIntegrationRequest = z.input<typeof createIntegrationSchema>;

/** The same call from staff, who pick the client: the client is required. */
export const staffCreateIntegrationSchema = createIntegrationSchema.extend({
  clientId: z.uuid({ error: v.clientRequired }),
});

/**
 * PUT /integration/{id}: any subset. The type is chosen once, before the form, and is not changed afterwards
 * (a different shop is a new integration). A key that is absent or blank keeps the stored one.
 */
export const updateIntegrationSchema = z
  .object({
    name: nameField.optional(),
    key: z.preprocess((x) => (blank(x) ? undefined : x), keyField.optional()),
    user: optionalText(255),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateIntegrationRequest = z.input<typeof updateIntegrationSchema>;

/** An integration as the panel gets it: the shop key only masked (`••••` + its last 4 characters). */
export const integrationViewSchema = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  name: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  keyHint: z.string(),
  user: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IntegrationView = z.infer<typeof integrationViewSchema>;

export const INTEGRATION_SORT_FIELDS = ['createdAt', 'name'] as const;
export type IntegrationSortField = (typeof INTEGRATION_SORT_FIELDS)[number];

export const integrationListRequestSchema = listRequestBase.extend({
  filters: z
    // `search`: the name or user contains it (case-insensitive).
    .object({ ...clientOwnedListFilterFields, type: z.enum(INTEGRATION_TYPES).optional() })
    .strict()
    .default({}),
  orderBy: z
    .object({ field: z.enum(INTEGRATION_SORT_FIELDS), direction: sortDirectionSchema })
    .default({ field: 'createdAt', direction: 'desc' }),
});
export type IntegrationListRequest = z.input<typeof integrationListRequestSchema>;
export type IntegrationListFilters = NonNullable<IntegrationListRequest['filters']>;
