import { Injectable } from '@nestjs/common';
import type { ParcelStatus, Principal } from '@depot/contracts';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { ParcelStatusService } from '../parcels/status/parcel-status.service';

/**
 * After a refresh batch committed: each parcel it moved is announced as any status change (its client's room and the
 * live lists, source carrier), and one that reached `return` gets its automatic return parcel (autoReturnPackages).
 */
@Injectable()
export class StatusRefreshEvents {
  constructor(
    private readonly parcels: ParcelsRepository,
    private readonly events: ParcelEvents,
    private readonly status: ParcelStatusService,
  ) {}

  async announce(
    principal: Principal | null,
    moved: readonly { id: string; previousStatus: ParcelStatus }[],
  ): Promise<void> {
    for (const { id, previousStatus } of moved) {
      const item = await this.parcels.listItem(id);
      if (!item) continue;
      await this.events.statusChanged(item, previousStatus, 'carrier', principal);
      if (item.status !== 'return') continue;
      const view = await this.parcels.findView(id, null);
      if (view) await this.status.autoReturn(principal, previousStatus, view);
    }
  }
}
