import { Injectable } from '@nestjs/common';
import {
  LIST_CHANGED_MANY_MAX,
  MESSAGES,
  OPERATOR_TYPES,
  rooms,
  type ListReply,
  type OperatorType,
  type ParcelStatus,
  type Principal,
  type StatusMapImpact,
  type StatusMapOperatorType,
  type StatusMapRow,
  type StatusMapSaveReply,
  type StatusMapSaved,
  type createStatusMapSchema,
  type saveStatusMapSchema,
  type statusMapImpactSchema,
  type statusMapListQuerySchema,
  type updateStatusMapSchema,
} from '@depot/contracts';
import { CARRIER_NOT_APPLIED_STATUSES, defaultTerminal, mappingChanged, saveMapProblem } from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { isUniqueViolation } from '../../common/pg-errors';
import { AuditService } from '../audit/audit.service';
import { StatusRefreshEvents } from '../status-refresh/status-refresh-events';
import type { MovedParcel } from '../status-refresh/status-refresh.repository';
import { StatusMapRepository, type StatusMapValues, type StoredMapping } from './status-map.repository';

type ListQuery = z.output<typeof statusMapListQuerySchema>;
type Create = z.output<typeof createStatusMapSchema>;
type Save = z.output<typeof saveStatusMapSchema>;
type Update = z.output<typeof updateStatusMapSchema>;
type Impact = z.output<typeof statusMapImpactSchema>;
type Entry = StatusMapValues & { code: string };

const CODE_INDEX = 'status_map_type_code_key';
/** Saves of more rows than this reach the live list as their ids (`changedMany`), not row by row. */
const ROWS_ANNOUNCED_ONE_BY_ONE = 50;
const codeTaken = () =>
  Errors.conflict(MESSAGES.statusMapCodeTaken, [{ path: 'code', message: MESSAGES.statusMapCodeTaken }]);

/** Whether a mapping to `dbName` moves parcels at all (a code meaning `new` never does). */
const applies = (dbName: ParcelStatus | null): dbName is ParcelStatus =>
  dbName !== null && !CARRIER_NOT_APPLIED_STATUSES.includes(dbName);

interface SaveOutcome {
  reply: StatusMapSaveReply;
  /** Rows whose list entry changed (to publish), and whether each is new. */
  saved: { id: string; created: boolean }[];
  moved: MovedParcel[];
}

/**
 * The status map (decision 0144): carriers' codes per carrier type and the internal status each means. A change
 * of a code's meaning re-applies to the parcels standing on that code (their status follows, with a history row);
 * the impact call counts them before. One transaction per change; the log, the live list and the moved parcels'
 * events follow the commit.
 */
@Injectable()
export class StatusMapService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: StatusMapRepository,
    private readonly parcels: StatusRefreshEvents,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(q: ListQuery): Promise<ListReply<StatusMapRow>> {
    return this.repo.list({
      search: q.search || undefined,
      operatorType: q.operatorType,
      dbName: q.dbName,
      orderBy: { field: q.sort, direction: q.direction },
      cursor: q.cursor,
      limit: q.limit,
    });
  }

  /** Every carrier type (the contracts' order), with its carriers and its map's counts. */
  async operatorTypes(): Promise<StatusMapOperatorType[]> {
    const [counts, carriers] = await Promise.all([this.repo.countsByType(), this.repo.operatorsByType()]);
    return OPERATOR_TYPES.map((operatorType) => {
      const c = counts.find((x) => x.operatorType === operatorType);
      return {
        operatorType,
        operators: carriers.find((x) => x.type === operatorType)?.operators ?? 0,
        codes: c?.codes ?? 0,
        mapped: c?.mapped ?? 0,
        unmapped: c?.unmapped ?? 0,
        seenUnmapped: c?.seenUnmapped ?? 0,
      };
    });
  }

  /** The "+ create" screen: one new code (a code the carrier type has is a 409: change it in the map). */
  async create(principal: Principal, body: Create): Promise<StatusMapSaved> {
    const entry: Entry = {
      code: body.code,
      description: body.description,
      dbName: body.dbName,
      isTerminal: body.isTerminal ?? defaultTerminal(body.dbName),
    };
    let outcome: { id: string; moved: MovedParcel[] };
    try {
      outcome = await this.transactions.run(async () => {
        const stored = await this.repo.lockCodes(body.operatorType, [entry.code]);
        if (stored.size > 0) throw codeTaken();
        const [id] = await this.repo.insert(body.operatorType, [entry]);
        const moved = await this.reapply(principal, body.operatorType, entry);
        await this.audit.record(principal, {
          type: 'statusMap.create',
          entity: 'statusMap',
          entityId: id,
          after: { operatorType: body.operatorType, ...entry },
          details: { parcelsChanged: moved.length },
        });
        return { id, moved };
      });
    } catch (err) {
      if (isUniqueViolation(err, CODE_INDEX)) throw codeTaken();
      throw err;
    }
    return this.afterRowSave(principal, outcome.id, outcome.moved, true);
  }

  /** PUT /mapStatus/update: one row's description, status or terminal flag; parcels standing on it follow. */
  async update(principal: Principal, body: Update): Promise<StatusMapSaved> {
    const moved = await this.transactions.run(async () => {
      const before = await this.repo.lockRow(body.id);
      if (!before) throw Errors.notFound(MESSAGES.statusMapNotFound);
      const dbName = body.dbName === undefined ? before.dbName : body.dbName;
      const next: StatusMapValues = {
        description: body.description ?? before.description,
        dbName,
        isTerminal:
          body.isTerminal ?? (dbName === before.dbName ? before.isTerminal : defaultTerminal(dbName)),
      };
      if (!mappingChanged(before, next)) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.update(before.id, next);
      const parcelsMoved =
        next.dbName !== before.dbName
          ? await this.reapply(principal, before.operatorType, { ...next, code: before.code })
          : [];
      await this.audit.record(principal, {
        type: 'statusMap.update',
        entity: 'statusMap',
        entityId: before.id,
        before: auditedRow(before.operatorType, before),
        after: auditedRow(before.operatorType, { ...next, code: before.code }),
        details: { parcelsChanged: parcelsMoved.length },
      });
      return parcelsMoved;
    });
    return this.afterRowSave(principal, body.id, moved, false);
  }

  /** POST /mapStatus/saveMapInDB: the map screen's rows of one carrier type, added or changed by code. */
  async save(principal: Principal, body: Save): Promise<StatusMapSaveReply> {
    const problem = saveMapProblem(body.rows);
    if (problem) throw Errors.validation(problem, [{ path: 'rows', message: problem }]);
    const outcome = await this.saveEntries(principal, body.operatorType, body.rows, 'statusMap.save', {
      keepUnsaid: false,
    });
    return this.afterSave(principal, outcome);
  }

  /**
   * The code list of a carrier type from a file (the controller has read it): new codes are added (unmapped unless
   * the file names a status), known ones take the file's description and whatever status or terminal flag it gives.
   */
  async importCodes(
    principal: Principal,
    operatorType: OperatorType,
    entries: readonly { code: string; description: string; dbName?: ParcelStatus; isTerminal?: boolean }[],
    fileName: string,
  ): Promise<StatusMapSaveReply> {
    const outcome = await this.saveEntries(principal, operatorType, entries, 'statusMap.import', {
      keepUnsaid: true,
      fileName,
    });
    return this.afterSave(principal, outcome);
  }

  /** POST /mapStatus/impact: per code, the parcels whose current status saving the rows would change. */
  async impact(body: Impact): Promise<StatusMapImpact> {
    const problem = saveMapProblem(body.rows);
    if (problem) throw Errors.validation(problem, [{ path: 'rows', message: problem }]);
    const moving = body.rows.filter((r): r is { code: string; dbName: ParcelStatus } => applies(r.dbName));
    const counts = await this.repo.impact(body.operatorType, moving);
    const byCode = body.rows.map((r) => ({ code: r.code, parcels: counts.get(r.code) ?? 0 }));
    return { parcels: byCode.reduce((sum, c) => sum + c.parcels, 0), byCode };
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      const before = await this.repo.lockRow(id);
      if (!before) throw Errors.notFound(MESSAGES.statusMapNotFound);
      await this.repo.delete(id);
      await this.audit.record(principal, {
        type: 'statusMap.remove',
        entity: 'statusMap',
        entityId: id,
        before: auditedRow(before.operatorType, before),
      });
    });
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('statuses')],
      change: { list: 'statuses', op: 'delete', id, actorId: principal.userId },
    });
  }

  /**
   * Adds and changes rows of one carrier type by code, in one transaction: unchanged rows stay as they are;
   * `keepUnsaid` (an import) keeps a known code's status and terminal flag where the entry does not give them.
   */
  private async saveEntries(
    principal: Principal,
    operatorType: OperatorType,
    entries: readonly {
      code: string;
      description: string;
      dbName?: ParcelStatus | null;
      isTerminal?: boolean;
    }[],
    type: 'statusMap.save' | 'statusMap.import',
    options: { keepUnsaid: boolean; fileName?: string },
  ): Promise<SaveOutcome> {
    return this.transactions.run(async () => {
      const stored = await this.repo.lockCodes(
        operatorType,
        entries.map((e) => e.code),
      );
      const added: Entry[] = [];
      const changed: { before: StoredMapping; next: Entry }[] = [];
      for (const e of entries) {
        const before = stored.get(e.code);
        const dbName =
          e.dbName !== undefined ? e.dbName : options.keepUnsaid && before ? before.dbName : null;
        const isTerminal =
          e.isTerminal ??
          (options.keepUnsaid && before && before.dbName === dbName
            ? before.isTerminal
            : defaultTerminal(dbName));
        const next: Entry = { code: e.code, description: e.description, dbName, isTerminal };
        if (!before) added.push(next);
        else if (mappingChanged(before, next)) changed.push({ before, next });
      }
      const saved = (await this.repo.insert(operatorType, added)).map((id) => ({ id, created: true }));
      const moved: MovedParcel[] = [];
      for (const next of added) moved.push(...(await this.reapply(principal, operatorType, next)));
      for (const { before, next } of changed) {
        await this.repo.update(before.id, next);
        saved.push({ id: before.id, created: false });
        if (next.dbName !== before.dbName) moved.push(...(await this.reapply(principal, operatorType, next)));
      }
      const reply: StatusMapSaveReply = {
        created: added.length,
        updated: changed.length,
        unchanged: entries.length - added.length - changed.length,
        parcelsChanged: moved.length,
      };
      if (added.length + changed.length > 0) {
        await this.audit.record(principal, {
          type,
          entity: 'statusMap',
          entityId: null,
          details: {
            operatorType,
            ...(options.fileName ? { fileName: options.fileName } : {}),
            ...reply,
            added: added.map((a) => auditedRow(operatorType, a)),
            changed: changed.map((c) => ({
              before: auditedRow(operatorType, c.before),
              after: auditedRow(operatorType, c.next),
            })),
          },
        });
      }
      return { reply, saved, moved };
    });
  }

  /** Parcels standing on the code follow its new meaning (none when it means nothing that moves a parcel). */
  private reapply(principal: Principal, operatorType: OperatorType, entry: Entry): Promise<MovedParcel[]> {
    if (!applies(entry.dbName)) return Promise.resolve([]);
    return this.repo.reapply(
      operatorType,
      { code: entry.code, description: entry.description, dbName: entry.dbName },
      principal.userId,
    );
  }

  private async afterRowSave(
    principal: Principal,
    id: string,
    moved: MovedParcel[],
    created: boolean,
  ): Promise<StatusMapSaved> {
    const row = (await this.repo.row(id))!;
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('statuses')],
      change: { list: 'statuses', op: 'upsert', row, actorId: principal.userId, created },
    });
    await this.parcels.announce(principal, moved);
    return { row, parcelsChanged: moved.length };
  }

  private async afterSave(principal: Principal, outcome: SaveOutcome): Promise<StatusMapSaveReply> {
    if (outcome.saved.length > ROWS_ANNOUNCED_ONE_BY_ONE) {
      // A whole code list (an import): the list hears the ids, a few events instead of one a row (decision 0145).
      const ids = outcome.saved.map((r) => r.id);
      for (let i = 0; i < ids.length; i += LIST_CHANGED_MANY_MAX) {
        await this.bus.publish({
          type: 'list.changed',
          rooms: [rooms.list('statuses')],
          change: {
            list: 'statuses',
            op: 'changedMany',
            ids: ids.slice(i, i + LIST_CHANGED_MANY_MAX),
            actorId: principal.userId,
          },
        });
      }
      await this.parcels.announce(principal, outcome.moved);
      return outcome.reply;
    }
    for (const { id, created } of outcome.saved) {
      const row = await this.repo.row(id);
      if (!row) continue;
      await this.bus.publish({
        type: 'list.changed',
        rooms: [rooms.list('statuses')],
        change: { list: 'statuses', op: 'upsert', row, actorId: principal.userId, created },
      });
    }
    await this.parcels.announce(principal, outcome.moved);
    return outcome.reply;
  }
}

/** What the log keeps of a row. */
const auditedRow = (
  operatorType: OperatorType,
  r: { code: string; description: string; dbName: ParcelStatus | null; isTerminal: boolean },
) => ({ operatorType, code: r.code, description: r.description, dbName: r.dbName, isTerminal: r.isTerminal });
