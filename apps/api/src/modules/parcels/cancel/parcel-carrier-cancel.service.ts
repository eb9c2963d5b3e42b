import { Inject, Injectable } from '@nestjs/common';
import {
  carrierNote,
  type CarrierNoteCode,
  type ParcelStatus,
  type Principal,
  type StatusChangeSource,
} from '@depot/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../../core/core.tokens';
import { Transactions } from '../../../db/transactions';
import { SecretBox } from '../../../secrets/secret-box';
import {
  CarrierCancellation,
  type CarrierCancelRequest,
  type CarrierCancelResult,
} from '../../../integrations/carriers/carrier-cancellation';
import {
  askWithRetries,
  CARRIER_RETRY_POLICY,
  type CarrierRetryPolicy,
} from '../../../integrations/carriers/carrier-retry';
import { AuditService } from '../../audit/audit.service';
import { ParcelCarrierRepository, type CarrierShipment } from './parcel-carrier.repository';
import { ParcelEvents } from '../parcel-events';
import { ParcelsRepository } from '../parcels.repository';

/** What finishing one "to cancel" parcel did; `skipped` = it was no longer "to cancel". */
export type FinishOutcome = 'canceled' | 'refused' | 'failed' | 'notAsked' | 'skipped';

/** A refused parcel whose history does not say where it came from goes back to "handed to the carrier". */
const FALLBACK_RESTORE: ParcelStatus = 'pickup';

type Decided = { outcome: 'canceled' | 'notAsked' } | { outcome: 'refused' | 'failed'; reason: string };

/**
 * The second step of a cancellation (decision 0100): the parcel's carrier is asked to cancel the shipment
 * (the id it gave at registration, else `externalNumber`) through its adapter, retried while it gives no answer, and the parcel follows the answer:
 * cancelled at the carrier → canceled; refused → back to the status it had before "to cancel"; no answer → stays
 * "to cancel" for the sweep. A parcel whose carrier cannot be asked is cancelled here only, with a note saying so.
 * The carrier is asked outside any transaction; the result is applied under the parcel's lock.
 */
@Injectable()
export class ParcelCarrierCancelService {
  constructor(
    private readonly transactions: Transactions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repo: ParcelsRepository,
    private readonly shipments: ParcelCarrierRepository,
    private readonly carriers: CarrierCancellation,
    @Inject(CARRIER_RETRY_POLICY) private readonly retry: CarrierRetryPolicy,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
  ) {}

  async finish(principal: Principal | null, id: string): Promise<FinishOutcome> {
    const shipment = await this.shipments.shipmentOf(id);
    if (!shipment || shipment.status !== 'toCancel') return 'skipped';
    const request = this.requestOf(shipment);
    if (!request) return this.apply(principal, id, { outcome: 'notAsked' });
    if ('unreadable' in request)
      return this.apply(principal, id, { outcome: 'failed', reason: 'CONFIG_UNREADABLE' });
    const { result } = await askWithRetries(() => this.carriers.cancelShipment(request), this.retry);
    return this.apply(principal, id, decidedOf(result));
  }

  /** The request to the carrier, null when nobody can be asked, or unreadable secrets. */
  private requestOf(s: CarrierShipment): CarrierCancelRequest | { unreadable: true } | null {
    // The carrier's own id of a shipment Depot registered (ShipX's shipment id, Packeta's packet id…), else the
    // external number (a parcel registered elsewhere).
    const shipmentId = (s.registeredShipmentId ?? s.externalNumber)?.trim();
    if (!shipmentId || !s.operatorType || !this.carriers.canAsk(s.operatorType)) return null;
    let secrets: Record<string, unknown> = {};
    try {
      if (s.secretConfig) secrets = this.box.decryptJson<Record<string, unknown>>(s.secretConfig);
    } catch (err) {
      this.logger.error({ err, context: 'carriers' }, 'operator secrets could not be decrypted');
      return { unreadable: true };
    }
    return { operatorType: s.operatorType, config: { ...(s.config ?? {}), ...secrets }, shipmentId };
  }

  private async apply(principal: Principal | null, id: string, d: Decided): Promise<FinishOutcome> {
    const source: StatusChangeSource =
      d.outcome === 'canceled' || d.outcome === 'refused' ? 'carrier' : 'job';
    const done = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, null);
      if (!locked || locked.status !== 'toCancel') return null;
      const status: ParcelStatus =
        d.outcome === 'failed'
          ? 'toCancel'
          : d.outcome === 'refused'
            ? ((await this.shipments.statusBeforeCancel(id)) ?? FALLBACK_RESTORE)
            : 'canceled';
      const code: CarrierNoteCode = `carrier.${d.outcome === 'failed' ? 'unavailable' : d.outcome}`;
      const note = carrierNote(code, 'reason' in d ? d.reason : undefined);
      if (status !== 'toCancel') await this.repo.update(id, { status });
      // The same failure again (the sweep asks every 15 minutes) is logged, not added to the history each time: the
      // history says once that the carrier does not answer, and again only when something else happens.
      const repeated = d.outcome === 'failed' && (await this.shipments.latestHistoryNote(id)) === note;
      if (repeated) {
        this.logger.warn({ parcelId: id, note, context: 'carriers' }, 'carrier still not answering');
      } else {
        await this.repo.addHistory({
          parcelId: id,
          status,
          previousStatus: 'toCancel',
          source,
          changedById: null,
          apiKeyId: null,
          note,
        });
      }
      const item = (await this.repo.listItem(id))!;
      if (d.outcome !== 'failed') {
        await this.audit.record(principal, {
          type: d.outcome === 'refused' ? 'parcel.cancelRefused' : 'parcel.cancelFinished',
          entity: 'parcel',
          entityId: id,
          before: { status: 'toCancel' },
          after: { status },
          details: {
            internalNumber: item.internalNumber,
            carrier: d.outcome,
            ...('reason' in d ? { reason: d.reason } : {}),
          },
        });
      }
      return { item, changed: status !== 'toCancel' };
    });
    if (!done) return 'skipped';
    if (done.changed) await this.events.statusChanged(done.item, 'toCancel', source, principal);
    return d.outcome;
  }
}

function decidedOf(r: CarrierCancelResult): Decided {
  switch (r.kind) {
    case 'canceled':
      return { outcome: 'canceled' };
    case 'refused':
      return { outcome: 'refused', reason: r.reason };
    case 'unavailable':
      return { outcome: 'failed', reason: r.reason };
  }
}
