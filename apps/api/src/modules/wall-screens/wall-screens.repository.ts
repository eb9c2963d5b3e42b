import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DISPLAY_TIMEZONE,
  SCAN_OUTCOMES,
  type ScanOutcome,
  type WallCounts,
  type WallScreenLinkView,
} from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { scans, users, wallScreenLinks } from '../../db/schema';
import { dayStart } from '../../common/warsaw-day';

/** A link as the socket handshake reads it. */
export interface WallScreenAccess {
  id: string;
  terminal: string;
}

const viewColumns = {
  id: wallScreenLinks.id,
  terminal: wallScreenLinks.terminal,
  name: wallScreenLinks.name,
  createdBy: sql<
    string | null
  >`coalesce(nullif(btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`,
  createdAt: wallScreenLinks.createdAt,
  lastSeenAt: wallScreenLinks.lastSeenAt,
  revokedAt: wallScreenLinks.revokedAt,
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

const toView = (r: {
  id: string;
  terminal: string;
  name: string;
  createdBy: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
}): WallScreenLinkView => ({
  id: r.id,
  terminal: r.terminal,
  name: r.name,
  createdBy: r.createdBy,
  createdAt: new Date(r.createdAt).toISOString(),
  lastSeenAt: iso(r.lastSeenAt),
  revokedAt: iso(r.revokedAt),
});

/** SQL of wall-screen links (decision 0129) and the shift counts their screens show. */
@Injectable()
export class WallScreensRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async list(limit: number): Promise<WallScreenLinkView[]> {
    const rows = await this.db
      .select(viewColumns)
      .from(wallScreenLinks)
      .leftJoin(users, eq(users.id, wallScreenLinks.createdById))
      .orderBy(desc(wallScreenLinks.createdAt), desc(wallScreenLinks.id))
      .limit(limit);
    return rows.map(toView);
  }

  async findById(id: string): Promise<WallScreenLinkView | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(wallScreenLinks)
      .leftJoin(users, eq(users.id, wallScreenLinks.createdById))
      .where(eq(wallScreenLinks.id, id));
    return row && toView(row);
  }

  async insert(link: { terminal: string; name: string; tokenHash: string; createdById: string | null }) {
    const [row] = await this.db.insert(wallScreenLinks).values(link).returning({ id: wallScreenLinks.id });
    return row!.id;
  }

  /** Marks the link revoked; false when it was already (or does not exist). */
  async revoke(id: string): Promise<boolean> {
    const rows = await this.db
      .update(wallScreenLinks)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(wallScreenLinks.id, id), isNull(wallScreenLinks.revokedAt)))
      .returning({ id: wallScreenLinks.id });
    return rows.length > 0;
  }

  /** The link a token names, unless revoked. */
  async findActiveByTokenHash(tokenHash: string): Promise<WallScreenAccess | undefined> {
    const [row] = await this.db
      .select({ id: wallScreenLinks.id, terminal: wallScreenLinks.terminal })
      .from(wallScreenLinks)
      .where(and(eq(wallScreenLinks.tokenHash, tokenHash), isNull(wallScreenLinks.revokedAt)));
    return row;
  }

  async touch(id: string): Promise<void> {
    await this.db
      .update(wallScreenLinks)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(wallScreenLinks.id, id));
  }

  /** A terminal's counts of one Warsaw day: by outcome; scans of a parcel by sector and by Warsaw hour. */
  async countsOfDay(terminal: string, day: string): Promise<WallCounts> {
    const inDay = and(
      eq(scans.terminal, terminal),
      sql`${scans.scannedAt} >= ${dayStart(day)}`,
      sql`${scans.scannedAt} < ${dayStart(day, 1)}`,
    );
    const ofParcel = and(inDay, sql`${scans.outcome} <> 'notFound'`);
    const hour = sql<number>`extract(hour from ${scans.scannedAt} at time zone ${DISPLAY_TIMEZONE})::int`;
    const count = sql<number>`count(*)::int`;
    // A scan's sector as its record shows it: none once the sector is gone (scans.repository sectorOfRow).
    const sector = sql<
      string | null
    >`case when ${scans.sectorId} is null then null else ${scans.sectorLabel} end`;
    const [outcomes, sectors, hours] = [
      await this.db.select({ outcome: scans.outcome, count }).from(scans).where(inDay).groupBy(scans.outcome),
      await this.db.select({ sector, count }).from(scans).where(ofParcel).groupBy(sector),
      // By the select's first column: the expression's time zone is a parameter, and each mention a new one.
      await this.db
        .select({ hour, count })
        .from(scans)
        .where(ofParcel)
        .groupBy(sql`1`),
    ];
    const byOutcome = Object.fromEntries(SCAN_OUTCOMES.map((o) => [o, 0])) as Record<ScanOutcome, number>;
    for (const o of outcomes)
      if ((SCAN_OUTCOMES as readonly string[]).includes(o.outcome))
        byOutcome[o.outcome as ScanOutcome] = Number(o.count);
    return {
      day,
      byOutcome,
      bySector: sectors
        .map((s) => ({ sector: s.sector, count: Number(s.count) }))
        .sort((a, b) => b.count - a.count || (a.sector ?? '').localeCompare(b.sector ?? '')),
      byHour: hours
        .map((h) => ({ hour: Number(h.hour), count: Number(h.count) }))
        .sort((a, b) => a.hour - b.hour),
    };
  }
}
