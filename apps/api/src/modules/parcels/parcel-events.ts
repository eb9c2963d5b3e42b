import { Injectable } from '@nestjs/common';
import {
  rooms,
  type ParcelEventPayload,
  type ParcelListItem,
  type ParcelStatus,
  type Principal,
  type StatusChangeSource,
} from '@depot/contracts';
import { EventBus } from '../../events/event-bus';

const payloadOf = (p: ParcelListItem): ParcelEventPayload => ({
  id: p.id,
  clientId: p.clientId,
  internalNumber: p.internalNumber,
  status: p.status,
  updatedAt: p.updatedAt,
});

/**
 * Parcel changes after their commit: `parcel:*` to the parcel's client room (its users and integrators), and the
 * row to the live parcels list — the whole list for staff, the client's part for its users (decision 0041).
 */
@Injectable()
export class ParcelEvents {
  constructor(private readonly bus: EventBus) {}

  async created(parcel: ParcelListItem, actor: Principal | null): Promise<void> {
    await this.bus.publish({ type: 'parcel.created', payload: payloadOf(parcel) });
    await this.upsert(parcel, actor, true);
  }

  async updated(parcel: ParcelListItem, actor: Principal | null): Promise<void> {
    await this.bus.publish({ type: 'parcel.updated', payload: payloadOf(parcel) });
    await this.upsert(parcel, actor, false);
  }

  /** A new status; a parcel deleted by the change leaves the lists. */
  async statusChanged(
    parcel: ParcelListItem,
    previousStatus: ParcelStatus | null,
    source: StatusChangeSource,
    actor: Principal | null,
    deleted = false,
  ): Promise<void> {
    // Published in one turn: the bus sends them together, in this order.
    await Promise.all([
      this.bus.publish({
        type: 'parcel.status_changed',
        payload: { ...payloadOf(parcel), previousStatus, source },
      }),
      deleted
        ? this.bus.publish({
            type: 'list.changed',
            rooms: this.listRooms(parcel.clientId),
            change: { list: 'parcels', op: 'delete', id: parcel.id, actorId: actor?.userId ?? null },
          })
        : this.upsert(parcel, actor, false),
    ]);
  }

  private upsert(parcel: ParcelListItem, actor: Principal | null, created: boolean): Promise<void> {
    return this.bus.publish({
      type: 'list.changed',
      rooms: this.listRooms(parcel.clientId),
      change: { list: 'parcels', op: 'upsert', row: parcel, actorId: actor?.userId ?? null, created },
    });
  }

  private listRooms(clientId: string): string[] {
    return [rooms.list('parcels'), rooms.clientList('parcels', clientId)];
  }
}
