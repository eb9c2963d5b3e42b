import { rooms, type ListChange, type ListRows, type Principal } from '@depot/contracts';
import type { EventBus } from '../events/event-bus';

/** Live lists whose rows belong to clients. */
export type ClientList = 'apiKeys' | 'integrations' | 'webhooks' | 'webhookDeliveries' | 'imports';

/** Staff follow every client's rows; a client's users follow only their own client's part (decision 0041). */
export const clientListRooms = (list: ClientList, clientId: string): string[] => [
  rooms.list(list),
  rooms.clientList(list, clientId),
];

/** A row of a client-owned list was created or changed: its client's users and staff see it live. */
export async function publishClientListUpsert<L extends ClientList>(
  bus: EventBus,
  list: L,
  row: ListRows[L],
  actor: Principal | null,
  created: boolean,
): Promise<void> {
  const change = { list, op: 'upsert', row, actorId: actor?.userId ?? null, created } as ListChange;
  await bus.publish({ type: 'list.changed', rooms: clientListRooms(list, row.clientId), change });
}

/** A row of a client-owned list is gone. */
export async function publishClientListDelete(
  bus: EventBus,
  list: ClientList,
  row: { id: string; clientId: string },
  actor: Principal,
): Promise<void> {
  const change = { list, op: 'delete', id: row.id, actorId: actor.userId } as ListChange;
  await bus.publish({ type: 'list.changed', rooms: clientListRooms(list, row.clientId), change });
}
