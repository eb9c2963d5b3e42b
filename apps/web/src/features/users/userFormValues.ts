import type { UpdateUserRequest, UserView } from '@depot/contracts';
import type { UserFormValues } from './components/UserForm';

export const emptyUserForm = (): UserFormValues => ({
  firstName: '',
  lastName: '',
  email: '',
  role: 'salesman',
  lang: 'en',
  clientId: null,
  clientName: '',
  disableNewOrders: false,
  active: true,
  password: '',
  confirmPassword: '',
});

export const userToForm = (u: UserView): UserFormValues => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.role,
  lang: u.lang,
  clientId: u.clientId,
  clientName: u.clientName ?? '',
  disableNewOrders: u.disableNewOrders,
  active: u.active,
  password: '',
  confirmPassword: '',
});

/** The create call's body. */
export const toCreateRequest = (v: UserFormValues) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  role: v.role,
  lang: v.lang,
  clientId: v.role === 'user' ? v.clientId : null,
  disableNewOrders: v.role === 'user' ? v.disableNewOrders : false,
  active: v.active,
  password: v.password,
  confirmPassword: v.confirmPassword,
});

/** Only what changed (the API answers "No value has changed" otherwise); a password only when typed. */
export function toUpdateRequest(
  v: UserFormValues,
  original: UserView,
  editable: 'all' | 'self',
): UpdateUserRequest {
  const out: UpdateUserRequest = {};
  const fields =
    editable === 'self'
      ? (['firstName', 'lastName', 'lang'] as const)
      : (['firstName', 'lastName', 'email', 'role', 'lang', 'disableNewOrders', 'active'] as const);
  for (const f of fields) if (v[f] !== original[f]) (out as Record<string, unknown>)[f] = v[f];
  if (editable === 'all') {
    const clientId = v.role === 'user' ? v.clientId : null;
    if (clientId !== original.clientId) out.clientId = clientId;
    if (v.password || v.confirmPassword) {
      out.password = v.password;
      out.confirmPassword = v.confirmPassword;
    }
  }
  return out;
}
