import { SECTOR_ERROR_CODES, SUPPORTED_COUNTRIES, type OperatorInOtherSectorDetails } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../api/errors';
import { languageAtom } from '../../i18n/language';
import { useNotify } from '../../ui/useNotify';
import { useText } from '../../ui/useText';

/** A country as the sectors list shows it: the code it is sorted by, then its name in the panel's language. */
export function useCountryLabel(): (code: string) => string {
  const lang = useAtomValue(languageAtom);
  return useCallback(
    (code: string) => {
      const c = SUPPORTED_COUNTRIES.find((x) => x.code === code);
      return c ? `${c.code} – ${c[lang]}` : code;
    },
    [lang],
  );
}

/**
 * The refusal of a carrier that another sector of the same country holds (409 OperatorInOtherSector), naming that
 * sector in the panel's language. Returns true when `err` is one (it was shown), false for any other error.
 */
export function useSectorRefusal(): (err: unknown) => boolean {
  const notify = useNotify();
  const text = useText();
  return useMemo(
    () => (err: unknown) => {
      if (!(err instanceof ApiError) || err.body?.error !== SECTOR_ERROR_CODES.operatorInOtherSector)
        return false;
      const details = err.body.details as OperatorInOtherSectorDetails | undefined;
      if (!details) return false;
      notify.error(
        text({
          id: 'sectors.inOtherSector',
          values: { operator: details.operator.name, sector: details.sector.sectorDescription },
        }),
      );
      return true;
    },
    [notify, text],
  );
}
