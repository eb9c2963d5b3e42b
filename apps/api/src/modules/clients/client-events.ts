import { Injectable } from '@nestjs/common';
import { rooms, type ClientView, type Principal } from '@depot/contracts';
import { EventBus } from '../../events/event-bus';
import { listItemOf } from './client-views';

/** Live clients list: each changed client goes to `list:clients` as its list row, after the commit. */
@Injectable()
export class ClientEvents {
  constructor(private readonly bus: EventBus) {}

  async publish(changed: ClientView[], actor: Principal, createdId?: string): Promise<void> {
    for (const client of changed) {
      await this.bus.publish({
        type: 'list.changed',
        rooms: [rooms.list('clients')],
        change: {
          list: 'clients',
          op: 'upsert',
          row: listItemOf(client),
          actorId: actor.userId,
          created: client.id === createdId,
        },
      });
    }
  }
}
