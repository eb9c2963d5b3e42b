import { Injectable } from '@nestjs/common';
import type { Principal } from '@depot/contracts';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { ParcelStatusService } from '../parcels/status/parcel-status.service';
import type { MovedParcel } from './status-map.repository';

/**
 * After a status map change committed: each parcel it moved is announced as any status change is (its client's
 * room and the live lists, source carrier), and one that reached `return` gets its automatic return parcel.
 */
@Injectable()
export class StatusMapParcels {
  constructor(
    private readonly parcels: ParcelsRepository,
    private readonly events: ParcelEvents,
    private readonly status: ParcelStatusService,
  ) {}

  async announce(principal: Principal, moved: readonly MovedParcel[]): Promise<void> {
    for (const { parcelId, previousStatus } of moved) {
      const item = await this.parcels.listItem(parcelId);
      if (!item) continue;
      await this.events.statusChanged(item, previousStatus, 'carrier', principal);
      if (item.status !== 'return') continue;
      const view = await this.parcels.findView(parcelId, null);
      if (view) await this.status.autoReturn(principal, previousStatus, view);
    }
  }
}
