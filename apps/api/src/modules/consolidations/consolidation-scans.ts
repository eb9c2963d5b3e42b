import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MESSAGES, type ScanLookupReply, type ScanOutcome } from '@depot/contracts';
import { scanRefusal } from '@depot/domain';
import type { NewScan, ScanTarget } from '../scans/scans.repository';
import { ConsolidationsRepository } from './consolidations.repository';

/** What the scan of one parcel of a consolidation came to (ScansService's own result, read for its outcome). */
interface ParcelScanned {
  record: { outcome: ScanOutcome; message: string | null };
}

/**
 * Scanning a consolidation's barcode (issue 14 item 6; decision 0128), for ScansService: when no parcel has the
 * scanned number, the consolidation of that barcode (locked) applies the scan to every parcel in it and in the
 * consolidations it holds, each a scan row of its own (with the consolidation), inside the scan's transaction. The
 * scan's own row (`head`) then says what came of it: changed when any parcel changed, already scanned when all had
 * been, refused otherwise — and refused outright for a blocked or empty consolidation.
 */
@Injectable()
export class ConsolidationScans {
  constructor(private readonly repo: ConsolidationsRepository) {}

  /** The lookup's `consolidation` for a barcode, or null. */
  async lookup(number: string): Promise<ScanLookupReply['consolidation']> {
    const row = await this.repo.byBarcode(number);
    if (!row) return null;
    const item = (await this.repo.listItem(row.id))!;
    return {
      id: item.id,
      barcode: item.barcode,
      type: item.type,
      isBlocked: item.isBlocked,
      parcelCount: item.parcelCount,
    };
  }

  /**
   * Applies the scan `head` (not yet written) to the consolidation whose barcode is `number`: each parcel through
   * `scanParcel` (which writes its row), then `head` is filled in. Null when no consolidation has that barcode (the
   * scan stays "not found").
   */
  async scan<T extends ParcelScanned>(
    number: string,
    head: NewScan,
    scanParcel: (target: ScanTarget, scan: NewScan) => Promise<T>,
  ): Promise<T[] | null> {
    const row = await this.repo.byBarcode(number, true);
    if (!row) return null;
    const targets = await this.repo.scanTargets(row.id);
    head.consolidationId = row.id;
    head.message = scanRefusal(row, targets.length);
    if (head.message) {
      head.outcome = 'refused';
      return [];
    }
    const done: T[] = [];
    for (const target of targets)
      done.push(
        await scanParcel(target, {
          ...head,
          scanId: randomUUID(),
          outcome: 'notFound',
          message: null,
        }),
      );
    const outcomes = done.map((d) => d.record.outcome);
    if (outcomes.includes('changed')) Object.assign(head, { outcome: 'changed', message: null });
    else if (outcomes.every((o) => o === 'alreadyScanned'))
      Object.assign(head, { outcome: 'alreadyScanned', message: MESSAGES.packageScannedEarlier });
    else
      Object.assign(head, {
        outcome: 'refused',
        message: done.find((d) => d.record.outcome === 'refused')?.record.message ?? null,
      });
    return done;
  }
}
