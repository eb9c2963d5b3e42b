import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type ParcelStatus,
  type ParcelListItem,
  type Principal,
  type ScanForm,
  type ScanLookupReply,
  type ScanRecord,
  type ScanReply,
  type ScanResult,
} from '@depot/contracts';
import { normalScannedNumber, scanOutcomeOf } from '@depot/domain';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { changedBy } from '../parcels/parcels.service';
import { ParcelStatusService } from '../parcels/status/parcel-status.service';
import { ConsolidationScans } from '../consolidations/consolidation-scans';
import { recordOf, ScansRepository, sectorLabelOf, type NewScan, type ScanTarget } from './scans.repository';

/** One setStatusForArrayOfExtNrs call: who scans (and their name, for the records), and the scan form. */
interface ScanContext {
  principal: Principal;
  form: ScanForm;
  by: string | null;
}

/** What one scan did: its record, whether it had been recorded before, and the parcel before and after. */
interface Scanned {
  record: ScanRecord;
  replayed: boolean;
  change?: { previousStatus: ParcelStatus; after: ParcelListItem };
  /** A consolidation's barcode: the scans of the parcels in it (decision 0128). */
  held?: Scanned[];
}

/**
 * Scanning (issue 14 items 2–4, decision 0127). Each scanned number is one transaction: the device's scan id is
 * locked and looked up first, so a resend (retry, reconnect, double Enter, the offline queue) changes nothing and
 * answers the first outcome; then the parcel is matched by any of its numbers and locked, the status rule of
 * libs/domain decides, the status and its history (source scan, with the scan's terminal, driver and registration
 * number) are written with the scan row. On commit the scan goes to `terminal:<name>` and the parcel to its client's
 * room and the live lists, as every status change does; an automatic return follows as after any change.
 */
@Injectable()
export class ScansService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ScansRepository,
    private readonly parcels: ParcelsRepository,
    private readonly events: ParcelEvents,
    private readonly status: ParcelStatusService,
    private readonly bus: EventBus,
    private readonly consolidations: ConsolidationScans,
  ) {}

  /** isExternalNumberInDB (and …2 with `since`): the parcel a number names, its sector and last scan. */
  async lookup(rawNumber: string, since?: string): Promise<ScanLookupReply> {
    const target = await this.repo.findTarget(normalScannedNumber(rawNumber), false);
    if (!target) {
      const consolidation = await this.consolidations.lookup(normalScannedNumber(rawNumber));
      if (consolidation) return { parcel: null, consolidation };
      throw Errors.notFound(MESSAGES.parcelNotFound);
    }
    const sector = target.sector;
    const lastScanAt = await this.repo.lastScanAt(target.id);
    return {
      parcel: {
        id: target.id,
        internalNumber: target.internalNumber,
        externalNumber: target.externalNumber,
        referenceNumber: target.referenceNumber,
        status: target.status,
        destinationCountry: target.destinationCountry,
        operatorName: target.operatorName,
        sector,
        lastScanAt: lastScanAt?.toISOString() ?? null,
      },
      consolidation: null,
      ...(since === undefined
        ? {}
        : { scannedSince: lastScanAt !== null && lastScanAt.getTime() >= new Date(since).getTime() }),
    };
  }

  /** setStatusForArrayOfExtNrs: every number in turn, each applied once; one result per number, in order. */
  async setStatus(principal: Principal, form: ScanForm): Promise<ScanReply> {
    const results: ScanResult[] = [];
    const by = await this.repo.userName(principal.userId);
    for (const [i, number] of form.externalNumber.entries()) {
      const scanId = form.scanIds?.[i] ?? randomUUID();
      const done = await this.scanOne({ principal, form, by }, number, scanId);
      results.push({ ...done.record, replayed: done.replayed });
    }
    return { results };
  }

  /** A terminal's scans for the scanning screen (latest) and for catching up (after a sequence number). */
  async recent(terminal: string, afterSeq: number | undefined, limit: number) {
    return { items: await this.repo.recent(terminal, afterSeq, limit) };
  }

  private async scanOne(ctx: ScanContext, rawNumber: string, scanId: string): Promise<Scanned> {
    const { principal, form } = ctx;
    const done = await this.transactions.run(async (): Promise<Scanned> => {
      const number = normalScannedNumber(rawNumber);
      const scan: NewScan = {
        scanId,
        number,
        outcome: 'notFound',
        message: MESSAGES.scanNothingFound,
        status: form.name,
        previousStatus: null,
        parcelId: null,
        clientId: null,
        internalNumber: null,
        consolidationId: null,
        sectorId: null,
        sectorLabel: null,
        terminal: form.terminal,
        driver: form.driver ?? null,
        registrationNumber: form.registrationNumber ?? null,
        description: form.description ?? null,
        timezone: form.timezone,
        userId: principal.userId,
        scannedAt: form.timestamp ? new Date(form.timestamp) : new Date(),
      };
      const replay = async (): Promise<Scanned> => ({
        record: (await this.repo.findByScanId(scanId))!,
        replayed: true,
      });
      // The parcel, locked: a resend of this scan racing this one waits here until this one commits, then finds
      // the scan id taken when it writes its row, before it changes anything.
      const target = await this.repo.findTarget(number, true);
      if (target) return (await this.record(ctx, scan, target)) ?? replay();
      // No parcel has the number: the scan id first (the unique index makes a racing resend wait), then a
      // consolidation's barcode scans every parcel in it.
      const claimed = await this.repo.claim(scan);
      if (!claimed) return replay();
      const held = await this.consolidations.scan(
        number,
        scan,
        async (t, s) => (await this.record(ctx, s, t))!,
      );
      return { ...(await this.record(ctx, scan, undefined, claimed))!, held: held ?? undefined };
    });
    if (!done.replayed) await this.announce(principal, done);
    return done;
  }

  /**
   * Writes the scan (of `target`, or of no parcel): the rule's outcome, its row (the row `claimed` for its scan id
   * already, or a new one), and the change it makes. Undefined when its scan id was taken meanwhile (a resend): then
   * nothing was changed.
   */
  private async record(
    ctx: ScanContext,
    scan: NewScan,
    target: ScanTarget | undefined,
    claimed?: { seq: number; createdAt: Date },
  ): Promise<Scanned | undefined> {
    if (target) {
      const { outcome, message } = scanOutcomeOf(target.status, ctx.form.name);
      Object.assign(scan, {
        outcome,
        message,
        previousStatus: target.status,
        parcelId: target.id,
        clientId: target.clientId,
        internalNumber: target.internalNumber,
        sectorId: target.sector?.id ?? null,
        sectorLabel: target.sector ? sectorLabelOf(target.sector) : null,
      });
    }
    const written = claimed ?? (await this.repo.claim(scan));
    if (!written) return undefined;
    // A claimed scan was written as not found: it is rewritten when it found something.
    if (claimed && (target || scan.consolidationId)) await this.repo.settle(claimed.seq, scan);
    let change: Scanned['change'];
    if (target && scan.outcome === 'changed') {
      await this.changeStatus(ctx, target, written.seq, scan.scannedAt);
      change = { previousStatus: target.status, after: (await this.parcels.listItem(target.id))! };
    }
    return { record: recordOf(scan, written, ctx.by), replayed: false, change };
  }

  /** The status change of a matched (locked) parcel: the parcel, and its history row pointing at the scan. */
  private async changeStatus(ctx: ScanContext, target: ScanTarget, seq: number, scannedAt: Date) {
    const { form, principal } = ctx;
    await this.parcels.update(target.id, {
      status: form.name,
      ...(form.name === 'delivered' && !target.deliveryDate ? { deliveryDate: new Date() } : {}),
      ...(target.firstScanAt ? {} : { firstScanAt: scannedAt }),
    });
    await this.parcels.addHistory({
      parcelId: target.id,
      status: form.name,
      previousStatus: target.status,
      source: 'scan',
      note: form.description ?? null,
      scanId: seq,
      ...changedBy(principal),
    });
  }

  /** After the commit: the scan to its terminal's room; a changed parcel to its client and the lists. */
  private async announce(principal: Principal, done: Scanned): Promise<void> {
    for (const parcel of done.held ?? []) await this.announce(principal, parcel);
    const change = done.change;
    // Published together: on a server, the event bus sends what is published at once in one round trip.
    await Promise.all([
      this.bus.publish({ type: 'scan.recorded', payload: done.record }),
      change && this.events.statusChanged(change.after, change.previousStatus, 'scan', principal),
    ]);
    // Only a parcel that reached `return` may need its automatic return parcel (needsAutoReturn).
    if (change?.after.status !== 'return') return;
    const view = await this.parcels.findView(change.after.id, null);
    if (view) await this.status.autoReturn(principal, change.previousStatus, view);
  }
}
