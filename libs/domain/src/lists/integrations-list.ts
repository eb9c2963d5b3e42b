import type { IntegrationListFilters, IntegrationSortField, IntegrationView } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export type { IntegrationListFilters };

/** What the integrations list's filters read of a row. */
export type IntegrationMatchFields = Pick<IntegrationView, 'name' | 'user' | 'type' | 'active' | 'clientId'>;

/**
 * `list` (integrations.repository.ts): search in name and user (a NULL user never matches); type, active and client
 * when set. A client user's list is always its own client's (the scope).
 */
export function integrationMatchesFilters(i: IntegrationMatchFields, f: IntegrationListFilters): boolean {
  return (
    containsSearch(f.search, [i.name, i.user]) &&
    (!f.type || i.type === f.type) &&
    equalsFilter(i.active, f.active) &&
    (!f.clientId || i.clientId === f.clientId)
  );
}

/** SORT_KEYS: created at; lower(name). */
export const compareIntegrations = compareBy<
  Pick<IntegrationView, 'id' | 'name' | 'createdAt'>,
  IntegrationSortField
>((i, field) => (field === 'createdAt' ? i.createdAt : i.name.toLowerCase()));

export const integrationsListSpec: ListSpec<IntegrationView, IntegrationListFilters, IntegrationSortField> = {
  matches: integrationMatchesFilters,
  compare: compareIntegrations,
};
