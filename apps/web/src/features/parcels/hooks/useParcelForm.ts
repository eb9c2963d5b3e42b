import {
  createParcelFormSchema,
  staffParcelFormSchema,
  type ClientOption,
  type NewParcelDefaults,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { useZodForm } from '../../../ui/useZodForm';
import { parcelsApi } from '../api';
import { toParcelRequest, withClientDefaults, type ParcelFormValues } from '../parcelFormValues';

/**
 * The create form's state (decision 0075): checked with the shared schema (staff must also pick the client), and
 * filled from the client's defaults — a client user's own at once, staff's after picking the client (or at once for
 * a copy, which names its client). `blocked` is SPEC 2's "ordering blocked" (client or user), known before a save.
 */
export function useParcelForm(initial: ParcelFormValues) {
  const user = useAtomValue(currentUserAtom);
  const notify = useNotify();
  const staff = !user?.clientId;
  const form = useZodForm(
    staff ? staffParcelFormSchema : createParcelFormSchema,
    initial,
    (v: ParcelFormValues) => toParcelRequest(v, staff),
  );
  const { setValues } = form;
  const [defaults, setDefaults] = useState<NewParcelDefaults | null>(null);

  const load = useCallback(
    (clientId: string | undefined) => {
      parcelsApi.createDefaults(clientId).then((d) => {
        // A reply for a client no longer picked is dropped.
        setValues((v) => (staff && v.clientId !== d.clientId ? v : withClientDefaults(v, d)));
        setDefaults(d);
      }, notify.failure);
    },
    [notify, setValues, staff],
  );

  // A client user's own defaults, or those of the client a copy names.
  useEffect(() => {
    if (!staff) load(undefined);
    else if (initial.clientId) load(initial.clientId);
    // Once, for the form as it was opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pickClient = useCallback(
    (c: ClientOption) => {
      form.set('clientId', c.id);
      form.set('clientName', c.companyName);
      setDefaults(null);
      load(c.id);
    },
    [form, load],
  );

  const userBlocked = !!user && (user.disableNewOrders || (!staff && user.clientDisableNewOrders));
  return {
    form,
    staff,
    defaults,
    pickClient,
    blocked: userBlocked || defaults?.ordersBlocked === true,
  };
}
