import type { ClientListItem, ClientListRequest, ClientSortField } from '@depot/contracts';
import { compareBy, containsSearch, equalsFilter, type ListSpec } from './list-spec';

/** The clients list's filters (POST /api/client/get/list). */
export type ClientListFilters = NonNullable<ClientListRequest['filters']>;

/** What the clients list's filters read of a row. */
export type ClientMatchFields = Pick<
  ClientListItem,
  | 'companyName'
  | 'clientName'
  | 'shortName'
  | 'uniquePrefix'
  | 'vatId'
  | 'email'
  | 'active'
  | 'disableAccess'
  | 'masterAccount'
  | 'masterId'
>;

/**
 * `clientListFilter` (clients.repository.ts): search in company, client and short name, prefix, VAT ID and e-mail;
 * active and access disabled when set; `masterOnly: true` keeps master accounts (false is no filter); `masterId`
 * keeps the accounts linked to that master.
 */
export function clientMatchesFilters(c: ClientMatchFields, f: ClientListFilters): boolean {
  return (
    containsSearch(f.search, [c.companyName, c.clientName, c.shortName, c.uniquePrefix, c.vatId, c.email]) &&
    equalsFilter(c.active, f.active) &&
    equalsFilter(c.disableAccess, f.disableAccess) &&
    (!f.masterOnly || c.masterAccount) &&
    (!f.masterId || c.masterId === f.masterId)
  );
}

/** SORT_KEYS: lower(company name); coalesce(lower(short name), ''); created at. */
export const compareClients = compareBy<
  Pick<ClientListItem, 'id' | 'companyName' | 'shortName' | 'createdAt'>,
  ClientSortField
>((c, field) =>
  field === 'createdAt'
    ? c.createdAt
    : field === 'shortName'
      ? (c.shortName ?? '').toLowerCase()
      : c.companyName.toLowerCase(),
);

export const clientsListSpec: ListSpec<ClientListItem, ClientListFilters, ClientSortField> = {
  matches: clientMatchesFilters,
  compare: compareClients,
};
