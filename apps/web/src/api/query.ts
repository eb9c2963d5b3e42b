import type { RouteReply } from '@depot/contracts';
import type { AnyContractProcedure } from '@orpc/contract';
import { QueryClient, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type CallArgs } from './call';
import { ApiError } from './errors';

/**
 * The panel's one cache of what it read (decisions 0108, 0109): records by route and input. Readers of the same record
 * share one entry while they are on screen, a save puts its reply there (useSetRouteData) and live events refresh it
 * (useLiveRecord); an entry nobody shows is dropped at once, so opening a page always reads what the server says now.
 * A refusal (4xx) is not retried; a network or server failure is retried once. Signing out clears it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      refetchOnWindowFocus: false,
      gcTime: 0,
    },
  },
});

/** The cache key of a route's call: the route (method and path) and its input. */
export function routeKey<E extends AnyContractProcedure>(entry: E, ...[input]: CallArgs<E>) {
  const { method, path } = entry['~orpc'].route;
  return [`${method} ${path}`, input ?? null] as const;
}

/** Reads one route through the cache: `useRouteQuery(contract.clients.get, { params: { clientId } })`. */
export function useRouteQuery<E extends AnyContractProcedure>(entry: E, ...args: CallArgs<E>) {
  return useRouteQueryWith({}, entry, ...args);
}

/** What a read may add to its route and input: read only once there is something to read, keep the last reply shown. */
export type RouteQueryOptions<E extends AnyContractProcedure> = Pick<
  UseQueryOptions<RouteReply<E>, unknown>,
  'enabled' | 'placeholderData' | 'refetchInterval'
>;

/**
 * `useRouteQuery` with options: `{ enabled: false }` while nothing is chosen yet (no call, no data), `{
 * placeholderData: keepPreviousData }` for a search that shows its last answer while the next one comes.
 */
export function useRouteQueryWith<E extends AnyContractProcedure>(
  options: RouteQueryOptions<E>,
  entry: E,
  ...args: CallArgs<E>
) {
  return useQuery<RouteReply<E>, unknown>({
    ...options,
    queryKey: routeKey(entry, ...args),
    queryFn: () => call(entry, ...args),
  });
}

/**
 * Puts a reply the page already has (e.g. what a save answered) into the cache entry of the route that reads it,
 * so every reader shows it at once.
 */
export function useSetRouteData<E extends AnyContractProcedure>(entry: E, ...args: CallArgs<E>) {
  const client = useQueryClient();
  const key = routeKey(entry, ...args);
  const serialized = JSON.stringify(key);
  return useCallback(
    (value: RouteReply<E>) => client.setQueryData(JSON.parse(serialized) as typeof key, value),
    // The key is compared by value: a new array of the same route and input is the same entry.
    [client, serialized],
  );
}
