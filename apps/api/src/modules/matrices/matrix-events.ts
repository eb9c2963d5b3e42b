import { Injectable } from '@nestjs/common';
import { rooms, type Principal } from '@depot/contracts';
import { EventBus } from '../../events/event-bus';
import { MatricesRepository } from './matrices.repository';

/** Live list `list:matrices`: changed rows are sent after the transaction commits. */
@Injectable()
export class MatrixEvents {
  constructor(
    private readonly repo: MatricesRepository,
    private readonly bus: EventBus,
  ) {}

  async upserted(ids: string[], actor: Principal, createdId?: string): Promise<void> {
    for (const row of await this.repo.listItems([...new Set(ids)])) {
      await this.bus.publish({
        type: 'list.changed',
        rooms: [rooms.list('matrices')],
        change: { list: 'matrices', op: 'upsert', row, actorId: actor.userId, created: row.id === createdId },
      });
    }
  }

  async deleted(id: string, actor: Principal): Promise<void> {
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('matrices')],
      change: { list: 'matrices', op: 'delete', id, actorId: actor.userId },
    });
  }
}
