import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { ParcelStatus, ScanOutcome, ScanRecord, ScanSector } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { operators, parcels, scans, sectorOperators, sectors, users } from '../../db/schema';
import { dayStart } from '../../common/warsaw-day';

/** A parcel a scanned number names, as the scan reads it. */
export interface ScanTarget {
  id: string;
  clientId: string;
  status: ParcelStatus;
  internalNumber: string;
  externalNumber: string | null;
  referenceNumber: string | null;
  destinationCountry: string;
  operatorId: string | null;
  operatorName: string | null;
  deliveryDate: Date | null;
  firstScanAt: Date | null;
  /** The parcel's sector (libs/domain sectorOf, in SQL: unique by index), null for none. */
  sector: ScanSector | null;
}

/** A scan as it is written. */
export interface NewScan {
  scanId: string;
  number: string;
  outcome: ScanOutcome;
  message: string | null;
  status: ParcelStatus;
  previousStatus: ParcelStatus | null;
  parcelId: string | null;
  clientId: string | null;
  internalNumber: string | null;
  consolidationId: string | null;
  sectorId: string | null;
  sectorLabel: string | null;
  terminal: string;
  driver: string | null;
  registrationNumber: string | null;
  description: string | null;
  timezone: string;
  userId: string | null;
  scannedAt: Date;
}

/**
 * The parcel numbers a scan matches, most specific first: a label's own number, then the carriers', then the
 * client's. Each is compared as the list's number search indexes it (`upper(number)`), so every branch is an index
 * lookup.
 */
export const NUMBER_COLUMNS = [
  parcels.internalNumber,
  parcels.externalNumber,
  parcels.lastMileNumber,
  parcels.firstMileNumber,
  parcels.barcode,
  parcels.alternativeNumber,
  parcels.referenceNumber,
] as const;

/** What a scan reads of a parcel it matched (also of the parcels a consolidation's barcode names). */
export const targetColumns = {
  id: parcels.id,
  clientId: parcels.clientId,
  status: sql<ParcelStatus>`${parcels.status}`,
  internalNumber: parcels.internalNumber,
  externalNumber: parcels.externalNumber,
  referenceNumber: parcels.referenceNumber,
  destinationCountry: parcels.destinationCountry,
  operatorId: parcels.operatorId,
  operatorName: operators.name,
  deliveryDate: parcels.deliveryDate,
  firstScanAt: parcels.firstScanAt,
  sector: sql<ScanSector | null>`(
    select json_build_object('id', s.id, 'sectorCountry', s.sector_country, 'sectorDescription', s.sector_description)
    from ${sectorOperators} so join ${sectors} s on s.id = so.sector_id
    where so.operator_id = ${parcels.operatorId} and so.sector_country = ${parcels.destinationCountry}
    order by s.id limit 1)`,
};

/** The sector of a scan: as recorded (the label kept at the time, so a sector changed later does not rewrite it). */
const sectorOfRow = (row: { sectorId: string | null; sectorLabel: string | null }): ScanSector | null => {
  if (!row.sectorId || !row.sectorLabel) return null;
  const [sectorCountry, ...rest] = row.sectorLabel.split(' ');
  return { id: row.sectorId, sectorCountry: sectorCountry ?? '', sectorDescription: rest.join(' ') };
};

/** How a sector is kept on a scan: "<country> <description>". */
export const sectorLabelOf = (s: ScanSector): string =>
  `${s.sectorCountry} ${s.sectorDescription}`.slice(0, 110);

const recordColumns = {
  seq: scans.id,
  scanId: scans.scanId,
  number: scans.number,
  outcome: sql<ScanOutcome>`${scans.outcome}`,
  message: scans.message,
  status: sql<ParcelStatus>`${scans.status}`,
  previousStatus: sql<ParcelStatus | null>`${scans.previousStatus}`,
  parcelId: scans.parcelId,
  internalNumber: scans.internalNumber,
  consolidationId: scans.consolidationId,
  sectorId: scans.sectorId,
  sectorLabel: scans.sectorLabel,
  terminal: scans.terminal,
  scannedBy: sql<
    string | null
  >`nullif(btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
  scannedByEmail: users.email,
  scannedAt: scans.scannedAt,
  createdAt: scans.createdAt,
};

const toRecord = (r: {
  seq: number;
  scanId: string;
  number: string;
  outcome: ScanOutcome;
  message: string | null;
  status: ParcelStatus;
  previousStatus: ParcelStatus | null;
  parcelId: string | null;
  internalNumber: string | null;
  consolidationId: string | null;
  sectorId: string | null;
  sectorLabel: string | null;
  terminal: string;
  scannedBy: string | null;
  scannedByEmail: string | null;
  scannedAt: Date;
  createdAt: Date;
}): ScanRecord => ({
  seq: Number(r.seq),
  scanId: r.scanId,
  number: r.number,
  outcome: r.outcome,
  message: r.message,
  status: r.status,
  previousStatus: r.previousStatus,
  parcelId: r.parcelId,
  internalNumber: r.internalNumber,
  consolidationId: r.consolidationId,
  sector: sectorOfRow(r),
  terminal: r.terminal,
  scannedBy: r.scannedBy ?? r.scannedByEmail,
  scannedAt: new Date(r.scannedAt).toISOString(),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A scan's record as it was written (`seq` and `createdAt` from the database), without reading it back. */
export const recordOf = (
  scan: NewScan,
  written: { seq: number; createdAt: Date },
  scannedBy: string | null,
): ScanRecord => toRecord({ ...scan, ...written, scannedBy, scannedByEmail: null });

/** SQL of scans: matching a number, the parcel's sector, recording, and reading them back. */
@Injectable()
export class ScansRepository {
  private readonly names = new Map<string, { name: string | null; until: number }>();

  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /**
   * The parcel (not deleted) a scanned number names: the first of its numbers in NUMBER_COLUMNS' order that
   * matches, case-insensitively; of several parcels with that number, the newest.
   */
  async findTarget(number: string, lock: boolean): Promise<ScanTarget | undefined> {
    const upper = number.toUpperCase();
    const rank = sql.join(
      [sql`case`, ...NUMBER_COLUMNS.map((c, i) => sql`when upper(${c}) = ${upper} then ${i}`), sql`end`],
      sql` `,
    );
    const anyNumber = sql.join(
      NUMBER_COLUMNS.map((c) => sql`upper(${c}) = ${upper}`),
      sql` or `,
    );
    const query = this.db
      .select(targetColumns)
      .from(parcels)
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(and(isNull(parcels.deletedAt), sql`(${anyNumber})`))
      .orderBy(rank, desc(parcels.createdAt), asc(parcels.id))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: parcels }) : await query;
    return row;
  }

  /**
   * Writes a scan unless its scan id is taken: the unique index makes a resend racing this one wait for this
   * transaction, then find the id taken. Undefined when the id was taken.
   */
  async claim(scan: NewScan): Promise<{ seq: number; createdAt: Date } | undefined> {
    const [row] = await this.db
      .insert(scans)
      .values(scan)
      .onConflictDoNothing({ target: scans.scanId })
      .returning({ seq: scans.id, createdAt: scans.createdAt });
    return row ? { seq: Number(row.seq), createdAt: row.createdAt } : undefined;
  }

  /** What came of a claimed scan. */
  async settle(seq: number, scan: NewScan): Promise<void> {
    await this.db.update(scans).set(scan).where(eq(scans.id, seq));
  }

  /**
   * "First Last" of a user (or the e-mail), as scans name who scanned. Kept for a minute: a station scans all shift
   * long as one user, and a renamed user shows the new name on the next minute's scans.
   */
  async userName(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const cached = this.names.get(userId);
    if (cached && cached.until > Date.now()) return cached.name;
    const name = await this.readUserName(userId);
    if (this.names.size > 1000) this.names.clear();
    this.names.set(userId, { name, until: Date.now() + 60_000 });
    return name;
  }

  private async readUserName(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ name: recordColumns.scannedBy, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row ? (row.name ?? row.email) : null;
  }

  async findByScanId(scanId: string): Promise<ScanRecord | undefined> {
    const [row] = await this.records(eq(scans.scanId, scanId), 'desc', 1);
    return row;
  }

  async insert(scan: NewScan): Promise<{ seq: number; createdAt: Date }> {
    const [row] = await this.db
      .insert(scans)
      .values(scan)
      .returning({ seq: scans.id, createdAt: scans.createdAt });
    return { seq: Number(row!.seq), createdAt: row!.createdAt };
  }

  /** When the parcel was last scanned (any outcome but notFound), and whether at or after `since`. */
  async lastScanAt(parcelId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<Date | null>`max(${scans.scannedAt})` })
      .from(scans)
      .where(eq(scans.parcelId, parcelId));
    return row?.at ? new Date(row.at) : null;
  }

  /** A terminal's latest scans (newest first), or those after `afterSeq` (oldest first). */
  recent(terminal: string, afterSeq: number | undefined, limit: number): Promise<ScanRecord[]> {
    return afterSeq === undefined
      ? this.records(eq(scans.terminal, terminal), 'desc', limit)
      : this.records(and(eq(scans.terminal, terminal), gt(scans.id, afterSeq))!, 'asc', limit);
  }

  /** A page of a Warsaw day's scans in the order they were made: the first `limit`, or those after `afterSeq`. */
  ofDay(day: string, afterSeq: number | undefined, limit: number): Promise<ScanRecord[]> {
    return this.records(
      and(
        sql`${scans.scannedAt} >= ${dayStart(day)}`,
        sql`${scans.scannedAt} < ${dayStart(day, 1)}`,
        afterSeq === undefined ? undefined : gt(scans.id, afterSeq),
      )!,
      'asc',
      limit,
    );
  }

  private async records(where: SQL, order: 'asc' | 'desc', limit: number): Promise<ScanRecord[]> {
    const rows = await this.db
      .select(recordColumns)
      .from(scans)
      .leftJoin(users, eq(users.id, scans.userId))
      .where(where)
      .orderBy(order === 'asc' ? asc(scans.id) : desc(scans.id))
      .limit(limit);
    return rows.map(toRecord);
  }
}
