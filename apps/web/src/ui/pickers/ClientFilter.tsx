import { Button } from '@blueprintjs/core';
import { contract, mayCall, rooms } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { canAtom, currentUserAtom } from '../../session/session';
import { ClientPicker } from './ClientPicker';

export type PickedClient = { id: string; name: string };

/** The names of the clients picked in this tab: a filter kept in the URL holds only the id (decision 0122). */
const pickedNames = new Map<string, string>();

/** The client a filter's id names, with its name when it was picked in this tab ('' after a reload). */
export function pickedClient(id: string | undefined): PickedClient | null {
  return id ? { id, name: pickedNames.get(id) ?? '' } : null;
}

/**
 * A list whose rows belong to clients (decision 0041): staff see every client's rows and may filter by one; a
 * client user follows only its own client's part of the live list.
 */
export function useClientScopedList(list: 'apiKeys' | 'integrations') {
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const room = staff ? undefined : rooms.clientList(list, me?.clientId ?? '');
  return { staff, room };
}

/**
 * A staff list's client filter (API keys, integrations, parcels): pick one client, or clear to see all. Not shown to
 * a role that may not read the client options (the warehouse on the parcels list).
 */
export function ClientFilter(props: {
  value: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
  /** i18n id of the clear button's label ("all clients"). */
  clearLabelId: string;
  /** The picker's test id; the clear button's is `<testId>-clear`. */
  testId: string;
}) {
  const intl = useIntl();
  const can = useAtomValue(canAtom);
  const clearLabel = intl.formatMessage({ id: props.clearLabelId });
  if (!mayCall(contract.clients.options, can)) return null;
  return (
    <span className="depot-filter-client">
      <ClientPicker
        value={props.value}
        onChange={(c) => {
          pickedNames.set(c.id, c.companyName);
          props.onChange({ id: c.id, name: c.companyName });
        }}
        testId={props.testId}
      />
      {props.value ? (
        <Button
          minimal
          icon="cross"
          onClick={() => props.onChange(null)}
          aria-label={clearLabel}
          title={clearLabel}
          data-testid={`${props.testId}-clear`}
        />
      ) : null}
    </span>
  );
}
