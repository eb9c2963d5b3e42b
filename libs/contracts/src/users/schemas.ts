import { z } from 'zod';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { LANGUAGES } from '../constants';
import { emailField, newPasswordField, requiredString } from '../fields';
import { listRequestBase, sortDirectionSchema } from '../pagination';

const v = MESSAGES.validation;

export const roleField = z.enum(ROLES, { error: v.roleRequired });
export const languageField = z.enum(LANGUAGES, { error: v.languageRequired });

/** Password + confirmation: both required, at least 12 characters, equal. */
const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    ...shape,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: v.confirmPasswordRequired })
      .min(1, { error: v.confirmPasswordRequired }),
  });

const passwordsMatch = (d: { password?: string; confirmPassword?: string }) =>
  d.password === undefined || d.password === d.confirmPassword;
const passwordsMatchIssue = { error: v.passwordsDiffer, path: ['confirmPassword'] };

const userProfileShape = {
  firstName: requiredString(v.firstNameRequired, 100),
  lastName: requiredString(v.lastNameRequired, 100),
  email: emailField,
  role: roleField,
  lang: languageField,
};

export const createUserSchema = withConfirmation({
  ...userProfileShape,
  clientId: z.uuid({ error: v.clientRequired }).nullish(),
  disableNewOrders: z.boolean().default(false),
  active: z.boolean().default(true),
})
  .refine(passwordsMatch, passwordsMatchIssue)
  .refine((d) => d.role !== 'user' || !!d.clientId, { error: v.clientRequired, path: ['clientId'] });
export type CreateUserRequest = z.input<typeof createUserSchema>;

/** Edit: every field optional; a password, when given, needs its confirmation. */
export const updateUserSchema = z
  .object({
    firstName: userProfileShape.firstName.optional(),
    lastName: userProfileShape.lastName.optional(),
    email: emailField.optional(),
    role: roleField.optional(),
    lang: languageField.optional(),
    clientId: z.uuid({ error: v.clientRequired }).nullish(),
    disableNewOrders: z.boolean().optional(),
    active: z.boolean().optional(),
    password: newPasswordField.optional(),
    confirmPassword: z.string().optional(),
  })
  .strict()
  .refine(passwordsMatch, passwordsMatchIssue);
export type UpdateUserRequest = z.input<typeof updateUserSchema>;

/** Fields a user may change on its own account without the users.write permission. */
export const SELF_EDITABLE_USER_FIELDS = ['firstName', 'lastName', 'lang'] as const;

export const changePasswordSchema = z
  .object({
    oldPassword: requiredString(v.passwordRequired, 200),
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: v.confirmPasswordRequired })
      .min(1, { error: v.confirmPasswordRequired }),
  })
  .refine((d) => d.newPassword === d.confirmPassword, {
    error: v.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

export const USER_SORT_FIELDS = ['lastName', 'firstName', 'email', 'role', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const userSearchField = z.string().trim().max(100).optional();
const userOrderBy = z
  .object({ field: z.enum(USER_SORT_FIELDS), direction: sortDirectionSchema })
  .default({ field: 'createdAt', direction: 'desc' });

/** The users list (decision 0112): staff and client users; no role picked is every role. */
export const userListRequestSchema = listRequestBase.extend({
  filters: z
    .object({
      search: userSearchField,
      roles: z.array(roleField).max(ROLES.length).optional(),
      active: z.boolean().optional(),
      /** Only this client's users. */
      clientId: z.uuid({ error: MESSAGES.clientNotFound }).optional(),
    })
    .strict()
    .default({}),
  orderBy: userOrderBy,
});
export type UserListRequest = z.input<typeof userListRequestSchema>;

/** One client's logins (the client's page): the client is the path's. */
export const clientUserListRequestSchema = listRequestBase.extend({
  filters: z.object({ search: userSearchField, active: z.boolean().optional() }).strict().default({}),
  orderBy: userOrderBy,
});
export type ClientUserListRequest = z.input<typeof clientUserListRequestSchema>;

/** How many signed-in sessions a revocation ended. */
export const sessionsRevokedReplySchema = z.object({ revoked: z.number().int().min(0) });
export type SessionsRevokedReply = z.infer<typeof sessionsRevokedReplySchema>;

/** A user as the API returns it (never the password hash). */
export const userViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  lang: z.enum(LANGUAGES),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  disableNewOrders: z.boolean(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** GET /api/user/get/current adds what the panel needs to shape itself. */
export const currentUserViewSchema = userViewSchema.extend({
  permissions: z.array(z.string()),
  /** When the session ends (ISO date-time). */
  sessionValidUntil: z.iso.datetime().nullable(),
  clientDisableNewOrders: z.boolean(),
});
export type CurrentUserView = z.infer<typeof currentUserViewSchema>;
