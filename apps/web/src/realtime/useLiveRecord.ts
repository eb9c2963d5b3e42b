import { rooms, type ListEntity } from '@depot/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { currentUserAtom } from '../session/session';
import { useRealtime } from './RealtimeProvider';

/**
 * Keeps one cached record live (decision 0078, 0108): the page follows the live list its row belongs to (`list:<entity>`
 * for staff, the client's part of it for a client user), or the record's own room when it has one (`room`, e.g.
 * `consolidation:<id>`, which carries the same list changes of that record only), and refreshes the cache entry `key`
 * when a change of row `id` arrives (an edit elsewhere, a status set by a job) and after a reconnect. A deleted row
 * reads as gone (404).
 */
export function useLiveRecord(options: {
  list: ListEntity;
  id: string;
  key: QueryKey;
  room?: string;
  enabled?: boolean;
}) {
  const { list, id, room, enabled = true } = options;
  const user = useAtomValue(currentUserAtom);
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const serialized = JSON.stringify(options.key);
  const clientId = user?.clientId ?? null;

  useEffect(() => {
    if (!realtime || !user || !enabled) return undefined;
    const key = JSON.parse(serialized) as QueryKey;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    const leave = realtime.join(room ?? (clientId ? rooms.clientList(list, clientId) : rooms.list(list)));
    const off = realtime.on('list:change', (change) => {
      if (change.list !== list) return;
      const changed =
        change.op === 'delete'
          ? change.id === id
          : change.op === 'changedMany'
            ? change.ids.includes(id)
            : change.row.id === id;
      if (changed) refresh();
    });
    const offResync = realtime.onResync(refresh);
    return () => {
      off();
      offResync();
      leave();
    };
  }, [realtime, user, clientId, list, id, room, serialized, queryClient, enabled]);
}
