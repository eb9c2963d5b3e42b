import type { OperatorType, ParcelStatus } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { statusesApi } from './api';

/**
 * How many parcels' statuses a change of one code's meaning would change: null while it is being counted or not
 * asked, undefined when it could not be counted (the save then says it afterwards).
 */
export function useImpact(
  operatorType: OperatorType,
  code: string,
  dbName: ParcelStatus | null,
  ask: boolean,
): number | null | undefined {
  const [count, setCount] = useState<number | null | undefined>(null);
  useEffect(() => {
    setCount(null);
    if (!ask) return;
    let live = true;
    statusesApi
      .impact({ operatorType, rows: [{ code, dbName }] })
      .then((r) => live && setCount(r.parcels))
      .catch(() => live && setCount(undefined));
    return () => {
      live = false;
    };
  }, [operatorType, code, dbName, ask]);
  return count;
}
