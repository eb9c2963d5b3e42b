import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type ParcelStatus,
  type ParcelView,
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
import { listItemOfView } from '../parcels/list/parcel-columns';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { changedBy } from '../parcels/parcels.service';
import { ParcelStatusService } from '../parcels/status/parcel-status.service';
import { ConsolidationScans } from '../consolidations/consolidation-scans';
import { ScansRepository, sectorLabelOf, type NewScan, type ScanTarget } from './scans.repository';

/** What one scan did: its record, whether it had been recorded before, and the parcel before and after. */
interface Scanned {
  record: ScanRecord;
  replayed: boolean;
  change?: { previousStatus: ParcelStatus; after: ParcelView };
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
    const [sector, lastScanAt] = [
      await this.repo.sectorOf(target.operatorId, target.destinationCountry),
      await this.repo.lastScanAt(target.id),
    ];
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
    for (const [i, number] of form.externalNumber.entries()) {
      const scanId = form.scanIds?.[i] ?? randomUUID();
      const done = await this.scanOne(principal, form, number, scanId);
      results.push({ ...done.record, replayed: done.replayed });
    }
    return { results };
  }

  /** A terminal's scans for the scanning screen (latest) and for catching up (after a sequence number). */
  async recent(terminal: string, afterSeq: number | undefined, limit: number) {
    return { items: await this.repo.recent(terminal, afterSeq, limit) };
  }

  private async scanOne(
    principal: Principal,
    form: ScanForm,
    rawNumber: string,
    scanId: string,
  ): Promise<Scanned> {
    const done = await this.transactions.run(async (): Promise<Scanned> => {
      await this.repo.lockScanId(scanId);
      const seen = await this.repo.findByScanId(scanId);
      if (seen) return { record: seen, replayed: true };
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
      const target = await this.repo.findTarget(number, true);
      if (target) return this.record(principal, form, scan, target);
      // No parcel has the number: a consolidation's barcode scans every parcel in it.
      const held = await this.consolidations.scan(number, scan, (t, s) => this.record(principal, form, s, t));
      return { ...(await this.record(principal, form, scan, undefined)), held: held ?? undefined };
    });
    if (!done.replayed) await this.announce(principal, done);
    return done;
  }

  /** Writes the scan (of `target`, or of no parcel): the rule's outcome, the change it makes, and its row. */
  private async record(
    principal: Principal,
    form: ScanForm,
    scan: NewScan,
    target: ScanTarget | undefined,
  ): Promise<Scanned> {
    if (target) {
      const sector = await this.repo.sectorOf(target.operatorId, target.destinationCountry);
      const { outcome, message } = scanOutcomeOf(target.status, form.name);
      Object.assign(scan, {
        outcome,
        message,
        previousStatus: target.status,
        parcelId: target.id,
        clientId: target.clientId,
        internalNumber: target.internalNumber,
        sectorId: sector?.id ?? null,
        sectorLabel: sector ? sectorLabelOf(sector) : null,
      });
      if (outcome === 'changed') {
        const applied = await this.apply(principal, target, form, scan);
        return { record: applied.record, replayed: false, change: applied };
      }
    }
    const record = (await this.repo.findBySeq(await this.repo.insert(scan)))!;
    return { record, replayed: false };
  }

  /**
   * The status change of a matched (locked) parcel: the parcel, the scan row, and the history row pointing at it;
   * the parcel as the lists show it afterwards.
   */
  private async apply(
    principal: Principal,
    target: ScanTarget,
    form: ScanForm,
    scan: NewScan,
  ): Promise<{ record: ScanRecord; previousStatus: ParcelStatus; after: ParcelView }> {
    await this.parcels.update(target.id, {
      status: form.name,
      ...(form.name === 'delivered' && !target.deliveryDate ? { deliveryDate: new Date() } : {}),
      ...(target.firstScanAt ? {} : { firstScanAt: scan.scannedAt }),
    });
    const seq = await this.repo.insert(scan);
    await this.parcels.addHistory({
      parcelId: target.id,
      status: form.name,
      previousStatus: target.status,
      source: 'scan',
      note: form.description ?? null,
      scanId: seq,
      ...changedBy(principal),
    });
    const after = (await this.parcels.findView(target.id, null))!;
    return { record: (await this.repo.findBySeq(seq))!, previousStatus: target.status, after };
  }

  /** After the commit: the scan to its terminal's room; a changed parcel to its client and the lists. */
  private async announce(principal: Principal, done: Scanned): Promise<void> {
    for (const parcel of done.held ?? []) await this.announce(principal, parcel);
    await this.bus.publish({ type: 'scan.recorded', payload: done.record });
    if (!done.change) return;
    const { previousStatus, after } = done.change;
    await this.events.statusChanged(listItemOfView(after), previousStatus, 'scan', principal);
    await this.status.autoReturn(principal, previousStatus, after);
  }
}
