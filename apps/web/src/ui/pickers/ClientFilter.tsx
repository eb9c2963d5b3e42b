import { Button } from '@blueprintjs/core';
import { contract, mayCall, rooms } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useRouteQueryWith } from '../../api/query';
import { canAtom, currentUserAtom } from '../../session/session';
import { ClientPicker } from './ClientPicker';

export type PickedClient = { id: string; name: string };

/** The names of the clients picked in this tab: a filter kept in the URL holds only the id (decision 0122). */
const pickedNames = new Map<string, string>();

/** The client a filter's id names, with its name when it was picked in this tab ('' until `ClientFilter` reads it). */
export function pickedClient(id: string | undefined): PickedClient | null {
  return id ? { id, name: pickedNames.get(id) ?? '' } : null;
}

/** The filter's client with its name: one read by id when the URL brought only the id (decision 0122). */
function useNamed(value: PickedClient | null, allowed: boolean): PickedClient | null {
  const unnamed = allowed && value !== null && value.name === '';
  const query = useRouteQueryWith({ enabled: unnamed }, contract.clients.options, {
    query: { id: value?.id ?? '', limit: 1 },
  });
  const found = unnamed ? query.data?.[0] : undefined;
  if (!value || !found) return value;
  pickedNames.set(found.id, found.companyName);
  return { id: found.id, name: found.companyName };
}

/**
 * A list whose rows belong to clients (decision 0041): staff see every client's rows and may filter by one; a
 * client user follows only its own client's part of the live list.
 */
export function useClientScopedList(
  list: 'apiKeys' | 'integrations' | 'webhooks' | 'webhookDeliveries' | 'imports',
) {
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const room = staff ? undefined : rooms.clientList(list, me?.clientId ?? '');
  return { staff, room };
}

/**
 * A staff list's client filter (API keys, integrations, parcels, imports): pick one client, or clear to see all. Not shown to
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
  const allowed = mayCall(contract.clients.options, can);
  const value = useNamed(props.value, allowed);
  if (!allowed) return null;
  return (
    <span className="depot-filter-client">
      <ClientPicker
        value={value}
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
