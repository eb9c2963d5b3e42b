import type {
  CreateIntegrationRequest,
  IntegrationType,
  IntegrationView,
  UpdateIntegrationRequest,
} from '@depot/contracts';

/** The integration form's values, as typed (text inputs are strings). */
export interface IntegrationFormValues {
  name: string;
  /** On edit: empty keeps the stored key. */
  key: string;
  user: string;
  active: boolean;
  clientId: string | null;
  clientName: string;
}

export const emptyIntegrationForm = (client: { id: string; name: string } | null): IntegrationFormValues => ({
  name: '',
  key: '',
  user: '',
  active: true,
  clientId: client?.id ?? null,
  clientName: client?.name ?? '',
});

export const toCreateRequest = (type: IntegrationType | null, v: IntegrationFormValues) =>
  ({
    name: v.name,
    type: type ?? undefined,
    key: v.key,
    user: v.user,
    active: v.active,
    ...(v.clientId ? { clientId: v.clientId } : {}),
  }) as CreateIntegrationRequest;

export const integrationToForm = (i: IntegrationView): IntegrationFormValues => ({
  name: i.name,
  key: '',
  user: i.user ?? '',
  active: i.active,
  clientId: i.clientId,
  clientName: i.clientName,
});

/** Only what changed; a key left empty is not sent (the stored one stays). */
export function toUpdateRequest(v: IntegrationFormValues, i: IntegrationView): UpdateIntegrationRequest {
  const body: UpdateIntegrationRequest = {};
  if (v.name.trim() !== i.name) body.name = v.name;
  if ((v.user.trim() || null) !== i.user) body.user = v.user;
  if (v.active !== i.active) body.active = v.active;
  if (v.key.trim()) body.key = v.key;
  return body;
}
