import {
  contract,
  createParcelFormSchema,
  staffParcelFormSchema,
  type ClientOption,
  type NewParcelDefaults,
} from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouteQueryWith } from '../../../api/query';
import { currentUserAtom } from '../../../session/session';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useZodForm } from '../../../ui/useZodForm';
import { ordersBlocked } from '../ordersBlocked';
import { toParcelRequest, withClientDefaults, type ParcelFormValues } from '../parcelFormValues';

/**
 * The create form's state (decision 0075): checked with the shared schema (staff must also pick the client), and
 * filled from the client's defaults — a client user's own at once, staff's after picking the client (or at once for
 * a copy, which names its client). `blocked` is SPEC 2's "ordering blocked" (client or user), known before a save.
 */
export function useParcelForm(initial: ParcelFormValues) {
  const user = useAtomValue(currentUserAtom);
  const staff = !user?.clientId;
  const form = useZodForm(
    staff ? staffParcelFormSchema : createParcelFormSchema,
    initial,
    (v: ParcelFormValues) => toParcelRequest(v, staff),
  );
  const { fill } = form;
  // Whose defaults are read: a client user's own (no id), else the client a copy names, then the one staff pick
  // (null: none picked yet, nothing read).
  const [clientId, setClientId] = useState<string | null | undefined>(() =>
    staff ? initial.clientId || null : undefined,
  );
  const query = useRouteQueryWith({ enabled: clientId !== null }, contract.parcels.createDefaults, {
    query: { clientId: clientId ?? undefined },
  });
  useFailureToast(query.error);
  const defaults: NewParcelDefaults | null = (clientId !== null && query.data) || null;

  const apply = useCallback(
    (d: NewParcelDefaults) =>
      // A reply for a client no longer picked is dropped.
      fill((v) => (staff && v.clientId !== d.clientId ? v : withClientDefaults(v, d))),
    [fill, staff],
  );
  // The form is filled from a client's defaults once, as they arrive (not again when they are read again).
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!defaults || appliedFor.current === defaults.clientId) return;
    appliedFor.current = defaults.clientId;
    apply(defaults);
  }, [defaults, apply]);

  const pickClient = useCallback(
    (c: ClientOption) => {
      form.set('clientId', c.id);
      form.set('clientName', c.companyName);
      // The same client again fills the form again from what was read.
      if (c.id === clientId && defaults) apply(defaults);
      setClientId(c.id);
    },
    [form, clientId, defaults, apply],
  );

  const userBlocked = ordersBlocked(user);
  return {
    form,
    staff,
    defaults,
    pickClient,
    blocked: userBlocked || defaults?.ordersBlocked === true,
  };
}
