import type { ApiKeyListFilters, ApiKeySortField, ApiKeyView } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

export type { ApiKeyListFilters };

/** What the API keys list's filters read of a row. */
export type ApiKeyMatchFields = Pick<ApiKeyView, 'name' | 'keyPrefix' | 'active' | 'clientId'>;

/**
 * `list` (api-key-records.repository.ts): search in name and key prefix; active and client when set. A client
 * user's list is always its own client's (the scope), and its live room carries only that client's keys.
 */
export function apiKeyMatchesFilters(k: ApiKeyMatchFields, f: ApiKeyListFilters): boolean {
  return (
    containsSearch(f.search, [k.name, k.keyPrefix]) &&
    equalsFilter(k.active, f.active) &&
    (!f.clientId || k.clientId === f.clientId)
  );
}

/** SORT_KEYS: created at; lower(name). */
export const compareApiKeys = compareBy<Pick<ApiKeyView, 'id' | 'name' | 'createdAt'>, ApiKeySortField>(
  (k, field) => (field === 'createdAt' ? k.createdAt : k.name.toLowerCase()),
);

export const apiKeysListSpec: ListSpec<ApiKeyView, ApiKeyListFilters, ApiKeySortField> = {
  matches: apiKeyMatchesFilters,
  compare: compareApiKeys,
};
