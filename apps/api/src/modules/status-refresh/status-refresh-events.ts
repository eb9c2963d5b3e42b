import { Injectable } from '@nestjs/common';
import type { Principal } from '@depot/contracts';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { ParcelStatusService } from '../parcels/status/parcel-status.service';
import type { MovedParcel } from './status-refresh.repository';

/**
 * After a refresh batch is written: its moves announced together (each parcel's `parcel:status_changed` to its
 * client's room, the lists told by ids; decision 0145), and a parcel that reached `return` gets its automatic return
 * parcel (autoReturnPackages).
 */
@Injectable()
export class StatusRefreshEvents {
  constructor(
    private readonly parcels: ParcelsRepository,
    private readonly events: ParcelEvents,
    private readonly status: ParcelStatusService,
  ) {}

  async announce(principal: Principal | null, moved: readonly MovedParcel[]): Promise<void> {
    await this.events.statusChangedMany(
      moved.map((m) => ({ ...m, source: 'carrier' as const })),
      principal,
    );
    for (const m of moved) {
      if (m.status !== 'return') continue;
      const view = await this.parcels.findView(m.id, null);
      if (view) await this.status.autoReturn(principal, m.previousStatus, view);
    }
  }
}
