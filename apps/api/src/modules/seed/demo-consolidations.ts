import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Transactions } from '../../db/transactions';
import { consolidationItems, consolidations, operators, parcels, users } from '../../db/schema';

/** One demo consolidation: its fields, how many parcels it holds, and the normal ones a car carries (by index). */
export interface DemoConsolidation {
  barcode: string;
  type: 'car' | 'normal';
  driver?: string;
  registrationNumber?: string;
  isBlocked?: boolean;
  parcels: number;
  holds?: number[];
}

/**
 * The demo warehouse's consolidations (decision 0128): two sealed bags in a van with a few loose parcels beside
 * them, and an open bag still being filled. Barcodes are fixed (the database is empty when the demo loads).
 */
export const DEMO_CONSOLIDATIONS: DemoConsolidation[] = [
  { barcode: 'CS0000000101', type: 'normal', isBlocked: true, parcels: 5 },
  { barcode: 'CS0000000102', type: 'normal', isBlocked: true, parcels: 4 },
  {
    barcode: 'CS0000000103',
    type: 'car',
    driver: 'Piotr Kierowca',
    registrationNumber: 'FZ 4711K',
    parcels: 3,
    holds: [0, 1],
  },
  { barcode: 'CS0000000104', type: 'normal', parcels: 6 },
];

/** Loads DEMO_CONSOLIDATIONS over demo parcels waiting in the parcel centre, in the seeding transaction. */
@Injectable()
export class DemoConsolidationsService {
  constructor(private readonly transactions: Transactions) {}

  /** Returns how many consolidations were made (none when there are too few parcels to fill them). */
  async load(): Promise<number> {
    const db = this.transactions.db;
    const needed = DEMO_CONSOLIDATIONS.reduce((n, c) => n + c.parcels, 0);
    const waiting = await db
      .select({ id: parcels.id })
      .from(parcels)
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(
        and(
          eq(parcels.status, 'parcelCenter'),
          isNull(parcels.deletedAt),
          sql`coalesce(${operators.type}, '') <> 'LANDMARK'`,
        ),
      )
      .orderBy(asc(parcels.internalNumber))
      .limit(needed);
    if (waiting.length < needed) return 0;
    const [warehouse] = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ['magazyn']))
      .limit(1);
    const by = warehouse?.id ?? null;
    const ids: string[] = [];
    let next = 0;
    for (const c of DEMO_CONSOLIDATIONS) {
      const [row] = await db
        .insert(consolidations)
        .values({
          type: c.type,
          barcode: c.barcode,
          driver: c.driver ?? null,
          registrationNumber: c.registrationNumber ?? null,
          isBlocked: c.isBlocked ?? false,
          blockedAt: c.isBlocked ? new Date() : null,
          terminal: 'Zielona Góra',
          createdById: by,
        })
        .returning({ id: consolidations.id });
      ids.push(row.id);
      const held = waiting.slice(next, next + c.parcels);
      next += c.parcels;
      await db
        .insert(consolidationItems)
        .values(held.map((p) => ({ consolidationId: row.id, parcelId: p.id, addedById: by })));
      for (const i of c.holds ?? [])
        await db
          .insert(consolidationItems)
          .values({ consolidationId: row.id, childConsolidationId: ids[i], addedById: by });
    }
    return ids.length;
  }
}
