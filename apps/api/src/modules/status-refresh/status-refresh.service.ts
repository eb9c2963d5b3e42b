import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  OPERATOR_TYPES,
  emptyRefreshStatusesResult,
  type OperatorType,
  type Principal,
  type RefreshStatusesResult,
} from '@depot/contracts';
import { applyCarrierEvents, type CodeMeaning } from '@depot/domain';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { SecretBox } from '../../secrets/secret-box';
import { CarrierTracking, type TrackingEvent } from '../../integrations/carriers/carrier-tracking';
import {
  askWithRetries,
  CARRIER_RETRY_POLICY,
  type CarrierRetryPolicy,
} from '../../integrations/carriers/carrier-retry';
import {
  StatusRefreshRepository,
  type ParcelTrackingUpdate,
  type SeenCode,
  type TrackedCarrier,
  type TrackedParcel,
} from './status-refresh.repository';
import { StatusRefreshEvents } from './status-refresh-events';

/** Reports the parcels done so far (a job's progress). */
export type RefreshProgress = (done: number) => Promise<void>;

/**
 * The status refresh (issue 15 item 3, decision 0145): for each carrier whose tracking is configured, its tracked
 * parcels in batches the carrier's API takes; each batch is asked (with retries), its codes counted into the status
 * map (a new one added as not mapped), each parcel's fresh events read through the map (libs/domain
 * applyCarrierEvents), and the parcels written in one statement per batch, guarded by what was read; then the moved
 * parcels are announced. A carrier that gives no answer stops its run and is recorded as a status download error; its parcels
 * are asked again on the next run.
 */
@Injectable()
export class StatusRefreshService {
  constructor(
    private readonly repo: StatusRefreshRepository,
    private readonly tracking: CarrierTracking,
    private readonly events: StatusRefreshEvents,
    private readonly box: SecretBox,
    @Inject(CARRIER_RETRY_POLICY) private readonly retry: CarrierRetryPolicy,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.parallel = config.carriers.refreshParallel;
  }

  /** Batches of one carrier with the carrier or being written at once (STATUS_REFRESH_PARALLEL). */
  private readonly parallel: number;

  /** Every carrier's tracked parcels (the scheduled run). */
  async refreshAll(progress?: RefreshProgress): Promise<RefreshStatusesResult> {
    const result = emptyRefreshStatusesResult();
    const carriers = await this.repo.carriers(this.trackableTypes());
    let done = 0;
    for (const carrier of carriers) {
      await this.refreshCarrier(carrier, null, result, async (n) => {
        done += n;
        await progress?.(done);
      });
    }
    return result;
  }

  /** Some parcels (a selection from the parcels list); those not tracked are counted as such. */
  async refreshParcels(
    principal: Principal | null,
    ids: readonly string[],
    progress?: RefreshProgress,
  ): Promise<RefreshStatusesResult> {
    const result = emptyRefreshStatusesResult();
    const byCarrier = await this.repo.trackedCarriersOf(ids);
    const types = this.trackableTypes();
    const carriers = await this.repo.carriers(types, [...byCarrier.keys()]);
    let done = 0;
    for (const carrier of carriers) {
      await this.refreshCarrier(
        carrier,
        byCarrier.get(carrier.id)!,
        result,
        async (n) => {
          done += n;
          await progress?.(done);
        },
        principal,
      );
    }
    result.notTracked = ids.length - result.checked - result.unanswered;
    await progress?.(ids.length);
    return result;
  }

  private trackableTypes(): OperatorType[] {
    return OPERATOR_TYPES.filter((t) => this.tracking.canTrack(t));
  }

  /**
   * One carrier's tracked parcels (or those of `ids`): batches are read one after another (keyset on id) and up to
   * STATUS_REFRESH_PARALLEL of them are with the carrier or being written at once. The first batch the carrier gives
   * no answer for stops the run; what was not asked yet waits for the next run.
   */
  private async refreshCarrier(
    carrier: TrackedCarrier,
    ids: readonly string[] | null,
    result: RefreshStatusesResult,
    progress: RefreshProgress,
    principal: Principal | null = null,
  ): Promise<void> {
    const size = Math.max(1, this.tracking.batchSize(carrier.type));
    const config = this.configOf(carrier);
    let after: string | null = null;
    let exhausted = false;
    let failure: string | null = null;
    let checked = 0;
    let unanswered = 0;
    let reading: Promise<TrackedParcel[] | null> = Promise.resolve(null);
    const read = async (): Promise<TrackedParcel[] | null> => {
      if (exhausted || failure !== null) return null;
      const batch = await this.repo.trackedBatch(carrier, after, size, ids ?? undefined);
      if (batch.length < size) exhausted = true;
      if (batch.length === 0) return null;
      after = batch[batch.length - 1].id;
      return batch;
    };
    // Batches are read in turn (each starts after the last one's id), whichever worker asks.
    const next = () => (reading = reading.then(read, read));
    const worker = async () => {
      for (let batch = await next(); batch; batch = await next()) {
        // Reported before asking too: a carrier that takes its time still renews the job's lock.
        await progress(0);
        const numbers = batch.map((p) => p.number);
        const { result: answer } = await askWithRetries(
          () => this.tracking.track({ operatorType: carrier.type, config, numbers }),
          this.retry,
        );
        if (answer.kind === 'unavailable') {
          failure ??= answer.reason;
          unanswered += batch.length;
          await progress(batch.length);
          return;
        }
        checked += batch.length;
        await this.applyBatch(carrier, batch, answer.events, result, principal);
        await progress(batch.length);
      }
    };
    await Promise.all(Array.from({ length: this.parallel }, worker));
    if (failure !== null) {
      await this.repo.unanswered(carrier.id, failure);
      // A selection's parcels of this carrier that were never read (the run stopped first) went unanswered too.
      result.unanswered += ids ? ids.length - checked : unanswered;
    } else if (checked > 0 || exhausted) {
      await this.repo.answered(carrier.id);
    }
  }

  /**
   * One batch's answer written: the codes it read for the first time counted into the map (in code order, so two
   * batches never wait on each other's rows the other way round), then the parcels it moves, in one statement.
   */
  private async applyBatch(
    carrier: TrackedCarrier,
    batch: readonly TrackedParcel[],
    events: Map<string, TrackingEvent[]>,
    result: RefreshStatusesResult,
    principal: Principal | null,
  ): Promise<void> {
    result.checked += batch.length;
    // A pull-queue carrier (DPD) answers for whatever parcels its queue held: those of this carrier apply too.
    const asked = new Set(batch.map((p) => p.number));
    const others = await this.repo.trackedByNumbers(
      carrier,
      [...events.keys()].filter((n) => !asked.has(n)),
    );
    const byParcel = [...batch, ...others].map((p) => ({ parcel: p, events: events.get(p.number) ?? [] }));
    const meanings = await this.repo.recordSeen(carrier.type, seenCodes(byParcel));
    const updates: ParcelTrackingUpdate[] = [];
    for (const { parcel, events: list } of byParcel) {
      const outcome = applyCarrierEvents(parcel, list, (code): CodeMeaning | undefined => meanings.get(code));
      result.unmapped += outcome.unmapped;
      if (!outcome.latest) continue;
      updates.push({
        id: parcel.id,
        readStatus: parcel.status,
        readEventAt: parcel.carrierEventAt,
        status: outcome.status,
        code: outcome.latest.code,
        eventAt: outcome.latest.at,
        history: outcome.changes.map((c) => ({
          status: c.status,
          previousStatus: c.previousStatus,
          code: c.event.code,
          description: c.event.description,
          at: c.event.at,
        })),
      });
    }
    const moved = (await this.repo.apply(updates)).filter((m) => m.previousStatus !== m.status);
    result.changed += moved.length;
    await this.events.announce(principal, moved);
  }

  private configOf(carrier: TrackedCarrier): Record<string, unknown> {
    if (!carrier.secretConfig) return carrier.config;
    try {
      return { ...carrier.config, ...this.box.decryptJson<Record<string, unknown>>(carrier.secretConfig) };
    } catch (err) {
      this.log.error({ err, operatorId: carrier.id }, 'carrier secrets unreadable: tracking without them');
      return carrier.config;
    }
  }
}

/** The fresh-or-not codes of a batch, counted per code (a refresh counts events it reads for the first time). */
function seenCodes(byParcel: { parcel: TrackedParcel; events: TrackingEvent[] }[]): SeenCode[] {
  const seen = new Map<string, SeenCode>();
  for (const { parcel, events } of byParcel) {
    const after = parcel.carrierEventAt?.getTime() ?? -Infinity;
    for (const e of events) {
      if (e.at.getTime() <= after) continue;
      const s = seen.get(e.code);
      if (!s)
        seen.set(e.code, {
          code: e.code,
          description: e.description,
          count: 1,
          lastAt: e.at,
          exampleParcelId: parcel.id,
        });
      else {
        s.count++;
        if (e.at > s.lastAt) s.lastAt = e.at;
      }
    }
  }
  return [...seen.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
