import { rooms, type ParcelView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { currentUserAtom } from '../../../session/session';
import { parcelsApi } from '../api';

/**
 * One parcel, kept up to date (decision 0078): the page follows the parcels list room it may read (`list:parcels`
 * for staff, `list:parcels:<clientId>` for a client user) and loads the parcel again when a change of this parcel
 * arrives (an edit, a status set elsewhere, a carrier scan) and after a reconnect. A deleted parcel reads as gone.
 */
export function useParcelFormLive(id: string) {
  const user = useAtomValue(currentUserAtom);
  const realtime = useRealtime();
  const [parcel, setParcel] = useState<ParcelView | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(() => {
    parcelsApi.get(id).then(
      (p) => {
        setParcel(p);
        setError(null);
      },
      (err: unknown) => setError(err),
    );
  }, [id]);

  useEffect(() => {
    setParcel(null);
    setError(null);
    reload();
  }, [reload]);

  const clientId = user?.clientId ?? null;
  useEffect(() => {
    if (!realtime || !user) return undefined;
    const leave = realtime.join(clientId ? rooms.clientList('parcels', clientId) : rooms.list('parcels'));
    const off = realtime.on('list:change', (change) => {
      if (change.list !== 'parcels') return;
      const changedId = change.op === 'delete' ? change.id : change.row.id;
      if (changedId === id) reload();
    });
    const offResync = realtime.onResync(reload);
    return () => {
      off();
      offResync();
      leave();
    };
  }, [realtime, user, clientId, id, reload]);

  return { parcel, error, reload, setParcel };
}
