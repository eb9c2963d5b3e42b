import { Injectable } from '@nestjs/common';
import {
  LIST_CHANGED_MANY_MAX,
  rooms,
  type ParcelEventPayload,
  type ParcelListItem,
  type ParcelStatus,
  type ParcelStatusChangedPayload,
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

  /**
   * Many new parcels at once (an approved import, decision 0150): each parcel's `parcel:created` to its client's room
   * (integrators, registration at the carrier), and the lists told by ids, a few events per room.
   */
  async createdMany(parcels: readonly ParcelEventPayload[], actor: Principal | null): Promise<void> {
    if (parcels.length === 0) return;
    await Promise.all([
      ...parcels.map((payload) => this.bus.publish({ type: 'parcel.created', payload })),
      ...this.listsChangedMany(parcels, actor),
    ]);
  }

  /**
   * Many status changes at once (a carrier's status refresh, a status map change; decision 0145): each parcel's
   * `parcel:status_changed` to its client's room, as for one change, and the lists told by ids, a few events per
   * room instead of one a parcel.
   */
  async statusChangedMany(
    changes: readonly ParcelStatusChangedPayload[],
    actor: Principal | null,
  ): Promise<void> {
    if (changes.length === 0) return;
    await Promise.all([
      ...changes.map((payload) => this.bus.publish({ type: 'parcel.status_changed', payload })),
      ...this.listsChangedMany(changes, actor),
    ]);
  }

  /** The lists told that these parcels changed, by ids: the whole list, and each client's part. */
  private listsChangedMany(
    parcels: readonly { id: string; clientId: string }[],
    actor: Principal | null,
  ): Promise<void>[] {
    const actorId = actor?.userId ?? null;
    const byClient = new Map<string, string[]>();
    for (const c of parcels) byClient.set(c.clientId, [...(byClient.get(c.clientId) ?? []), c.id]);
    const lists = (room: string, ids: readonly string[]) =>
      chunks(ids, LIST_CHANGED_MANY_MAX).map((part) =>
        this.bus.publish({
          type: 'list.changed',
          rooms: [room],
          change: { list: 'parcels', op: 'changedMany', ids: part, actorId },
        }),
      );
    return [
      ...lists(
        rooms.list('parcels'),
        parcels.map((c) => c.id),
      ),
      ...[...byClient].flatMap(([clientId, ids]) => lists(rooms.clientList('parcels', clientId), ids)),
    ];
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

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
