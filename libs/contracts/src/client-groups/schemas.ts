import { z } from 'zod';
import { CLIENT_GROUP_TYPES } from '../countries';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { sortDirectionSchema } from '../pagination';
import { PAGE_SIZE } from '../constants';

const v = MESSAGES.validation;

/** Longest group name (the column is varchar(100)). */
export const CLIENT_GROUP_NAME_MAX = 100;
/** Most clients one request may add or remove. */
export const CLIENT_GROUP_BATCH_MAX = 500;

export const clientGroupNameField = requiredString(v.clientsGroupNameRequired, CLIENT_GROUP_NAME_MAX);
export const clientGroupTypeField = z.enum(CLIENT_GROUP_TYPES, { error: v.typeRequired });
const clientIds = z
  .array(z.uuid({ error: MESSAGES.clientNotFound }), { error: MESSAGES.clientNotFound })
  .max(CLIENT_GROUP_BATCH_MAX);

/** POST /clientGroup/create/group. A client listed twice is added once (info, not an error). */
export const createClientGroupSchema = z
  .object({
    name: clientGroupNameField,
    type: clientGroupTypeField,
    clients: clientIds.default([]),
  })
  .strict();
export type CreateClientGroupRequest = z.input<typeof createClientGroupSchema>;

/**
 * PUT /clientGroup/update/group/{id}: any of a new name, a new type (the members are re-validated for it),
 * clients to add and clients to remove. Adding a member again is an info; removing a non-member changes nothing.
 */
export const updateClientGroupSchema = z
  .object({
    newName: clientGroupNameField.optional(),
    type: clientGroupTypeField.optional(),
    addClients: clientIds.optional(),
    removeClients: clientIds.optional(),
  })
  .strict();
export type UpdateClientGroupRequest = z.input<typeof updateClientGroupSchema>;

/** A member of a group as shown (SPEC 3: the entries each hold a client). */
export const clientGroupMemberSchema = z.object({
  id: z.uuid(),
  shortName: z.string().nullable(),
  companyName: z.string(),
});
export type ClientGroupMember = z.infer<typeof clientGroupMemberSchema>;

/** GET /clientGroup/get/groupById/{id}. */
export const clientGroupViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CLIENT_GROUP_TYPES),
  clients: z.array(clientGroupMemberSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ClientGroupView = z.infer<typeof clientGroupViewSchema>;

/** One row of the groups list (and of its live updates on `list:clientGroups`). */
export const clientGroupListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CLIENT_GROUP_TYPES),
  clientsCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ClientGroupListItem = z.infer<typeof clientGroupListItemSchema>;

/**
 * What a create or an update did: the group as saved, and the info list of SPEC 8 ("Duplicate client in a group:
 * info") — clients that were already in the group or listed twice. They change nothing and fail nothing.
 */
export const clientGroupSaveReplySchema = z.object({
  group: clientGroupViewSchema,
  info: z.array(z.object({ message: z.string(), client: clientGroupMemberSchema })),
});
export type ClientGroupSaveReply = z.infer<typeof clientGroupSaveReplySchema>;

/** `error` of the 409 refusing a client that another FV or AREA group holds; `details` say which. */
export const CLIENT_GROUP_ERROR_CODES = { clientInOtherGroup: 'ClientInOtherGroup' } as const;
export interface ClientInOtherGroupDetails {
  refused: { client: ClientGroupMember; groupId: string; groupName: string }[];
}

export const CLIENT_GROUP_SORT_FIELDS = ['name', 'createdAt'] as const;
export type ClientGroupSortField = (typeof CLIENT_GROUP_SORT_FIELDS)[number];

/** GET /clientGroup/get/group?search=&type=&sort=&direction=&cursor=&limit= (keyset pages, "get more items"). */
export const clientGroupListQuerySchema = z
  .object({
    /** Group name contains this (case-insensitive). */
    search: z.string().trim().max(100).optional(),
    type: z.enum(CLIENT_GROUP_TYPES).optional(),
    sort: z.enum(CLIENT_GROUP_SORT_FIELDS).default('name'),
    direction: sortDirectionSchema.default('asc'),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  })
  .strict();
export type ClientGroupListQuery = z.input<typeof clientGroupListQuerySchema>;

/**
 * GET /clientGroup/get/eligibleClients: clients a group of `type` may take (the picker), searched by company or
 * short name; `groupId` names the edited group, whose members stay eligible (adding one again is an info).
 */
export const eligibleClientsQuerySchema = z
  .object({
    type: clientGroupTypeField,
    groupId: z.uuid({ error: MESSAGES.clientGroupNotFound }).optional(),
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export type EligibleClientsQuery = z.input<typeof eligibleClientsQuerySchema>;
