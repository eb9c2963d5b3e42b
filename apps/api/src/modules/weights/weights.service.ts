import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  rooms,
  WEIGHT_REPLY_REPORT_LINES,
  WEIGHT_REPORT_OUTCOMES,
  type ListReply,
  type Principal,
  type WeightImportLineView,
  type WeightImportView,
  type WeightLineOutcome,
  type WeightUploadReply,
  type weightImportLinesRequestSchema,
  type weightImportListRequestSchema,
} from '@depot/contracts';
import {
  isOverDeclared,
  missingWeightColumns,
  readWeightLine,
  recognizeWeightColumns,
  supersededLines,
  type WeightLine,
} from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import type { UploadedFileData } from '../../common/upload';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { AuditService } from '../audit/audit.service';
import { readShipmentFile } from '../imports/parse/read-shipment-file';
import { WeightsRepository, type MatchedParcel, type NewWeightLine } from './weights.repository';

type ListRequest = z.output<typeof weightImportListRequestSchema>;
type LinesRequest = z.output<typeof weightImportLinesRequestSchema>;

/** Numbers matched, parcels updated and lines written per statement. */
const BATCH = 5000;

/** A line of the file on its way: as read, then its parcel. */
interface Line {
  row: number;
  read: WeightLine;
  /** Why a line read well is refused after all (a later line names the same number or parcel). */
  superseded?: string;
  parcel?: MatchedParcel;
}

const refuse = (message: string, path = 'file') => Errors.validation(message, [{ path, message }]);

/** The reader's refusals in this file's words (a real-weight file has lines, not shipments). */
const fileRefusal = (message: string) =>
  refuse(message === MESSAGES.importHeadersOnly ? MESSAGES.weightHeadersOnly : message);

function outcomeOf(line: Line): WeightLineOutcome {
  if (!line.read.ok || line.superseded) return 'invalid';
  if (!line.parcel) return 'unmatched';
  const { realWeightKg, dimensionalWeightKg } = line.read;
  return isOverDeclared(line.parcel.weightKg, realWeightKg, dimensionalWeightKg) ? 'overDeclared' : 'matched';
}

function storedLine(line: Line, outcome: WeightLineOutcome): NewWeightLine {
  const { read } = line;
  return {
    row: line.row,
    number: read.number,
    parcelId: outcome === 'invalid' ? null : (line.parcel?.id ?? null),
    declaredWeightKg: outcome === 'invalid' ? null : (line.parcel?.weightKg ?? null),
    realWeightKg: read.ok ? read.realWeightKg : null,
    dimensionalWeightKg: read.ok ? read.dimensionalWeightKg : null,
    outcome,
    errorMessage: read.ok ? (line.superseded ?? null) : read.message,
  };
}

/**
 * Real weights from carriers' files (issue 16 item 4, decision 0151): a file's lines matched to parcels by any of their
 * numbers, in bulk, and their real (and dimensional) weights recorded beside the declared ones — the whole file in
 * one transaction, so a failure leaves nothing half-written; the report keeps every line's outcome.
 */
@Injectable()
export class WeightsService {
  constructor(
    private readonly repo: WeightsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /** `POST /large/order/importRealWeightFromFile`. */
  async upload(principal: Principal, file: UploadedFileData): Promise<WeightUploadReply> {
    const read = await readShipmentFile(file.buffer, file.originalname);
    if (!read.ok) throw fileRefusal(read.message);
    const { table } = read;
    const map = recognizeWeightColumns(table.headers);
    const [missing] = missingWeightColumns(map);
    if (missing)
      throw refuse(
        missing === 'number' ? MESSAGES.weightNumberColumnMissing : MESSAGES.weightRealColumnMissing,
      );
    const lines: Line[] = table.rows.map((r) => ({ row: r.row, read: readWeightLine(r.cells, map) }));
    const key = (l: Line) => (l.read.ok && !l.superseded ? l.read.number.toUpperCase() : null);
    this.supersede(lines, key);
    await this.match(lines, key);
    this.supersede(lines, (l) => (key(l) !== null ? (l.parcel?.id ?? null) : null));

    const stored = lines.map((l) => storedLine(l, outcomeOf(l)));
    const count = (outcome: WeightLineOutcome) => stored.filter((l) => l.outcome === outcome).length;
    const id = await this.transactions.run(async () => {
      const importId = await this.repo.createImport({
        createdById: principal.userId,
        apiKeyId: principal.kind === 'apiKey' ? principal.apiKeyId : null,
        fileName: file.originalname.slice(0, 255),
        kind: table.kind,
        encoding: table.encoding,
        delimiter: table.delimiter,
        totalRows: stored.length,
        matchedRows: count('matched'),
        unmatchedRows: count('unmatched'),
        overDeclaredRows: count('overDeclared'),
        invalidRows: count('invalid'),
      });
      const recorded = lines.flatMap((l, i) =>
        l.read.ok && l.parcel && stored[i]!.parcelId
          ? [
              {
                id: l.parcel.id,
                realWeightKg: l.read.realWeightKg,
                dimensionalWeightKg: l.read.dimensionalWeightKg,
              },
            ]
          : [],
      );
      for (let i = 0; i < recorded.length; i += BATCH)
        await this.repo.recordWeights(importId, recorded.slice(i, i + BATCH));
      for (let i = 0; i < stored.length; i += BATCH)
        await this.repo.insertLines(importId, stored.slice(i, i + BATCH));
      return importId;
    });
    const view = (await this.repo.get(id))!;
    // Open lists of carriers' files see the new one (staff with accounting rights follow `list:weightImports`).
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('weightImports')],
      change: { list: 'weightImports', op: 'upsert', row: view, actorId: principal.userId, created: true },
    });
    await this.audit.record(principal, {
      type: 'weightImport.create',
      entity: 'weightImport',
      entityId: id,
      details: {
        fileName: view.fileName,
        rows: view.totalRows,
        matched: view.matchedRows,
        overDeclared: view.overDeclaredRows,
        unmatched: view.unmatchedRows,
        invalid: view.invalidRows,
      },
    });
    const report = await this.repo.lines(id, {
      outcomes: WEIGHT_REPORT_OUTCOMES,
      limit: WEIGHT_REPLY_REPORT_LINES,
    });
    return { ...view, report: report.items };
  }

  list(req: ListRequest): Promise<ListReply<WeightImportView>> {
    return this.repo.list({ cursor: req.cursor, limit: req.limit });
  }

  async get(id: string): Promise<WeightImportView> {
    const found = await this.repo.get(id);
    if (!found) throw Errors.notFound(MESSAGES.weightImportNotFound);
    return found;
  }

  async lines(id: string, req: LinesRequest): Promise<ListReply<WeightImportLineView>> {
    await this.get(id);
    const { outcome } = req.filters;
    return this.repo.lines(id, {
      outcomes: outcome ? [outcome] : undefined,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  /** The later line wins: each earlier line naming the same key is refused, naming the line that counts. */
  private supersede(lines: Line[], keyOf: (line: Line) => string | null): void {
    for (const [index, row] of supersededLines(lines, keyOf, (l) => l.row))
      lines[index]!.superseded = MESSAGES.weightDuplicate(row);
  }

  /** Each line's parcel, a batch of distinct numbers per query. */
  private async match(lines: Line[], keyOf: (line: Line) => string | null): Promise<void> {
    const numbers = [...new Set(lines.map(keyOf).filter((n): n is string => n !== null))];
    const found = new Map<string, MatchedParcel>();
    for (let i = 0; i < numbers.length; i += BATCH)
      for (const [number, parcel] of await this.repo.matchNumbers(numbers.slice(i, i + BATCH)))
        found.set(number, parcel);
    for (const line of lines) {
      const number = keyOf(line);
      const parcel = number === null ? undefined : found.get(number);
      if (parcel) line.parcel = parcel;
    }
  }
}
