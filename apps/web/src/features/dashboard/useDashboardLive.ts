import { rooms } from '@depot/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { currentUserAtom } from '../../session/session';

/** Changes arriving closer together than this are read once (a mass action announces every parcel it touches). */
const COALESCE_MS = 300;

/**
 * Keeps the dashboard's summary live (decision 0123): it follows the parcels list's room (`list:parcels` for staff,
 * the client's part of it for a client user) and re-reads the summary (cache entry `key`) when a parcel is created
 * or changes, when one of the user's own jobs reports, and after a reconnect.
 */
export function useDashboardLive(key: QueryKey) {
  const user = useAtomValue(currentUserAtom);
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const serialized = JSON.stringify(key);
  const clientId = user?.clientId ?? null;
  const signedIn = user !== null;

  useEffect(() => {
    if (!realtime || !signedIn) return undefined;
    const queryKey = JSON.parse(serialized) as QueryKey;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }, COALESCE_MS);
    };
    const leave = realtime.join(clientId ? rooms.clientList('parcels', clientId) : rooms.list('parcels'));
    const offs = [
      realtime.on('list:change', (change) => {
        if (change.list === 'parcels') refresh();
      }),
      realtime.on('job:progress', refresh),
      realtime.on('job:finished', refresh),
      realtime.on('job:failed', refresh),
      realtime.onResync(refresh),
    ];
    return () => {
      clearTimeout(pending);
      for (const off of offs) off();
      leave();
    };
  }, [realtime, signedIn, clientId, serialized, queryClient]);
}
