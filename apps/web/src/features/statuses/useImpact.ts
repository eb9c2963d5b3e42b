import type { OperatorType, ParcelStatus } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { statusesApi } from './api';

/** How many parcels' statuses a change of one code's meaning would change: null while unknown or not asked. */
export function useImpact(
  operatorType: OperatorType,
  code: string,
  dbName: ParcelStatus | null,
  ask: boolean,
): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    setCount(null);
    if (!ask) return;
    let live = true;
    statusesApi
      .impact({ operatorType, rows: [{ code, dbName }] })
      .then((r) => live && setCount(r.parcels))
      .catch(() => live && setCount(null));
    return () => {
      live = false;
    };
  }, [operatorType, code, dbName, ask]);
  return count;
}
