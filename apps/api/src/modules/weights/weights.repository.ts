import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  WEIGHT_REPORT_OUTCOMES,
  type ListReply,
  type WeightImportLineView,
  type WeightImportView,
  type WeightLineOutcome,
} from '@depot/contracts';
import { weightDifferenceKg } from '@depot/domain';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { bulkInsert } from '../../db/bulk';
import { parcels, parcelWeights, users, weightImportLines, weightImports } from '../../db/schema';
import { allOf } from '../../common/keyset';
import { countRows, keysetList, sortKeyText, type KeysetPageQuery } from '../../common/keyset-list';
import { NUMBER_COLUMNS } from '../scans/scans.repository';

/** A parcel a line's number names. */
export interface MatchedParcel {
  id: string;
  weightKg: string;
}

/** A real weight to record on a parcel. */
export interface RecordedWeight {
  id: string;
  realWeightKg: string;
  dimensionalWeightKg: string | null;
}

export type NewWeightImport = typeof weightImports.$inferInsert;
export type NewWeightLine = Omit<typeof weightImportLines.$inferInsert, 'id' | 'importId'>;

const importColumns = {
  id: weightImports.id,
  fileName: weightImports.fileName,
  kind: weightImports.kind,
  encoding: weightImports.encoding,
  delimiter: weightImports.delimiter,
  totalRows: weightImports.totalRows,
  matchedRows: weightImports.matchedRows,
  unmatchedRows: weightImports.unmatchedRows,
  overDeclaredRows: weightImports.overDeclaredRows,
  invalidRows: weightImports.invalidRows,
  createdBy: sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
  createdAt: weightImports.createdAt,
};
type ImportRow = { [K in keyof typeof importColumns]: unknown } & { createdAt: Date };
const toImportView = (r: ImportRow): WeightImportView =>
  ({ ...r, createdAt: r.createdAt.toISOString() }) as WeightImportView;

const lineColumns = {
  id: sql<string>`${weightImportLines.id}::text`,
  row: weightImportLines.row,
  number: weightImportLines.number,
  parcelId: weightImportLines.parcelId,
  parcelNumber: parcels.internalNumber,
  declaredWeightKg: weightImportLines.declaredWeightKg,
  realWeightKg: weightImportLines.realWeightKg,
  dimensionalWeightKg: weightImportLines.dimensionalWeightKg,
  outcome: weightImportLines.outcome,
  errorMessage: weightImportLines.errorMessage,
};
type LineRow = Omit<WeightImportLineView, 'differenceKg' | 'outcome'> & { outcome: string };
const toLineView = (r: LineRow): WeightImportLineView => ({
  ...r,
  outcome: r.outcome as WeightLineOutcome,
  differenceKg:
    r.declaredWeightKg && r.realWeightKg
      ? weightDifferenceKg(r.declaredWeightKg, r.realWeightKg, r.dimensionalWeightKg)
      : null,
});

/** The real weights' SQL (decision 0151): matching numbers to parcels, recording weights, the imports and lines. */
@Injectable()
export class WeightsRepository {
  constructor(private readonly transactions: Transactions) {}

  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /**
   * The parcels (not deleted) that `numbers` (upper-cased) name, by number: each number's parcel as a scan finds it
   * (the first of its number columns in the scans' order that has it, case-insensitively; of several, the newest).
   * One query for the whole batch: per number column, an index lookup (`upper(column)`) of every number at once.
   */
  async matchNumbers(numbers: readonly string[]): Promise<Map<string, MatchedParcel>> {
    const branches = NUMBER_COLUMNS.map(
      (
        column,
        rank,
      ) => sql`select upper(${column}) as num, ${parcels.id} as id, ${parcels.weightKg}::text as weight,
        ${sql.raw(String(rank))} as rank, ${parcels.createdAt} as created_at
        from ${parcels}, wanted where ${parcels.deletedAt} is null and ${column} is not null
          and upper(${column}) = any(wanted.nums)`,
    );
    const result = await this.db.execute<{ num: string; id: string; weight: string }>(sql`
      with wanted as (select array_agg(value) as nums from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
      select distinct on (m.num) m.num, m.id, m.weight
        from (${sql.join(branches, sql` union all `)}) m
       order by m.num, m.rank, m.created_at desc, m.id`);
    return new Map(result.rows.map((r) => [r.num, { id: r.id, weightKg: r.weight }]));
  }

  /**
   * Records real (and, when given, dimensional) weights of their parcels from file `importId`, one statement for the
   * batch (parcel_weights, decision 0154: the parcels' own rows are not rewritten). A dimensional weight the line does
   * not give keeps the parcel's earlier one.
   */
  async recordWeights(importId: string, weights: readonly RecordedWeight[]): Promise<void> {
    if (weights.length === 0) return;
    const json = JSON.stringify(
      weights.map((w) => ({ id: w.id, real: w.realWeightKg, dim: w.dimensionalWeightKg })),
    );
    await this.db.execute(sql`
      insert into ${parcelWeights} as w (parcel_id, real_weight_kg, dimensional_weight_kg, recorded_at, weight_import_id)
      select u.id, u.real, u.dim, now(), ${importId}::uuid
        from jsonb_to_recordset(${json}::jsonb) as u(id uuid, real numeric, dim numeric)
        join ${parcels} p on p.id = u.id and p.deleted_at is null
      on conflict (parcel_id) do update set
        real_weight_kg = excluded.real_weight_kg,
        dimensional_weight_kg = coalesce(excluded.dimensional_weight_kg, w.dimensional_weight_kg),
        recorded_at = excluded.recorded_at,
        weight_import_id = excluded.weight_import_id`);
  }

  async createImport(values: NewWeightImport): Promise<string> {
    const [row] = await this.db.insert(weightImports).values(values).returning({ id: weightImports.id });
    return row!.id;
  }

  async insertLines(importId: string, lines: readonly NewWeightLine[]): Promise<void> {
    if (lines.length > 0)
      await this.db.execute(
        bulkInsert(
          weightImportLines,
          lines.map((l) => ({ ...l, importId })),
        ),
      );
  }

  private selectImports() {
    return this.db
      .select(importColumns)
      .from(weightImports)
      .leftJoin(users, eq(users.id, weightImports.createdById));
  }

  async get(id: string): Promise<WeightImportView | undefined> {
    const [row] = await this.selectImports().where(eq(weightImports.id, id));
    return row ? toImportView(row) : undefined;
  }

  /** Newest first. */
  list(q: { cursor?: string | null; limit: number }): Promise<ListReply<WeightImportView>> {
    const sortKey = sql`${weightImports.createdAt}`;
    return keysetList(
      { sortKey, id: sql`${weightImports.id}`, direction: 'desc', cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...importColumns, sortKey: sortKeyText(sortKey) })
          .from(weightImports)
          .leftJoin(users, eq(users.id, weightImports.createdById))
          .where(page.after)
          .orderBy(...page.orderBy)
          .limit(page.limit),
      () => countRows(this.db, weightImports, undefined),
      toImportView,
    );
  }

  /** An import's lines in file order, of some outcomes (all when none is named). */
  lines(
    importId: string,
    q: { outcomes?: readonly WeightLineOutcome[]; cursor?: string | null; limit: number },
  ): Promise<ListReply<WeightImportLineView>> {
    const filter = allOf(
      eq(weightImportLines.importId, importId),
      q.outcomes ? inArray(weightImportLines.outcome, [...q.outcomes]) : undefined,
    );
    const sortKey = sql`${weightImportLines.row}`;
    return keysetList(
      { sortKey, id: sql`${weightImportLines.id}`, direction: 'asc', cursor: q.cursor, limit: q.limit },
      (page: KeysetPageQuery) =>
        this.db
          .select({ ...lineColumns, sortKey: sortKeyText(sortKey) })
          .from(weightImportLines)
          .leftJoin(parcels, eq(parcels.id, weightImportLines.parcelId))
          .where(and(filter, page.after))
          .orderBy(...page.orderBy)
          .limit(page.limit) as Promise<(LineRow & { sortKey: string })[]>,
      () => countRows(this.db, weightImportLines, filter),
      (r) => toLineView(r as LineRow),
    );
  }

  /** The report's lines (over-declared, unmatched, invalid) in file order, a batch at a time. */
  async *reportLines(importId: string, batch: number): AsyncGenerator<WeightImportLineView[]> {
    let cursor: string | null = null;
    do {
      const page: ListReply<WeightImportLineView> = await this.lines(importId, {
        outcomes: WEIGHT_REPORT_OUTCOMES,
        cursor,
        limit: batch,
      });
      yield page.items;
      cursor = page.nextCursor;
    } while (cursor);
  }
}
