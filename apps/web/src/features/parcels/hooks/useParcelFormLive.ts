import { contract, type ParcelView } from '@depot/contracts';
import { routeKey, useRouteQuery, useSetRouteData } from '../../../api/query';
import { useLiveRecord } from '../../../realtime/useLiveRecord';

/**
 * One parcel, kept up to date (decisions 0078, 0109): read through the cache, refreshed when a change of this parcel
 * arrives in the parcels list room the user may follow (an edit, a status set elsewhere, a carrier scan) and after a
 * reconnect. A deleted parcel reads as gone (404).
 */
export function useParcelFormLive(id: string) {
  const input = { params: { id } };
  const query = useRouteQuery(contract.parcels.get, input);
  const setParcel: (parcel: ParcelView) => void = useSetRouteData(contract.parcels.get, input);
  useLiveRecord({ list: 'parcels', id, key: routeKey(contract.parcels.get, input) });
  return { query, setParcel };
}
