import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type ListReply,
  type MatrixListItem,
  type MatrixView,
  type Principal,
  type cloneMatrixSchema,
  type createMatrixSchema,
  type matrixListRequestSchema,
  type updateMatrixSchema,
} from '@depot/contracts';
import { checkDefaultRemoval, cloneMatrix, ensureSingleDefault, validateMatrix } from '@depot/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import {
  defaultConflict,
  isDefaultRace,
  matrixNameTaken,
  matrixNotFound,
  problemsError,
  rethrowMatrixRace,
  unknownOperatorsError,
} from './matrix-errors';
import { MatrixEvents } from './matrix-events';
import { MatricesRepository, type NewCondition } from './matrices.repository';

type CreateMatrix = z.output<typeof createMatrixSchema>;
type UpdateMatrix = z.output<typeof updateMatrixSchema>;
type CloneMatrix = z.output<typeof cloneMatrixSchema>;
type MatrixListRequest = z.output<typeof matrixListRequestSchema>;

/** What a saved change touched, for the live list after the commit. */
interface Saved {
  matrix: MatrixView;
  /** Matrices that lost the default flag. */
  undefaulted: string[];
}

/** How often a transaction that lost a default race (unique violation) is run again before answering 409. */
const DEFAULT_RACE_ATTEMPTS = 3;

const sameConditions = (a: readonly NewCondition[], b: readonly NewCondition[]) =>
  a.length === b.length &&
  a.every(
    (c, i) =>
      c.pickupCountry === b[i].pickupCountry &&
      c.destinationCountry === b[i].destinationCountry &&
      c.maxWeightKg === b[i].maxWeightKg &&
      c.operatorId === b[i].operatorId,
  );

/**
 * Routing matrices: the list, the record, create / edit / clone / delete, and the one default (SPEC 5 "Only one
 * default routing may exist"). Rules come from libs/domain routing.ts; every change is audited and published to
 * `list:matrices`.
 */
@Injectable()
export class MatricesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: MatricesRepository,
    private readonly audit: AuditService,
    private readonly events: MatrixEvents,
  ) {}

  list(req: MatrixListRequest): Promise<ListReply<MatrixListItem>> {
    return this.repo.list({
      search: req.filters.search || undefined,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(id: string): Promise<MatrixView> {
    const matrix = await this.repo.findById(id);
    if (!matrix) throw matrixNotFound();
    return matrix;
  }

  /** The first matrix ever created becomes the default, whatever the body says. */
  async create(principal: Principal, body: CreateMatrix): Promise<MatrixView> {
    const saved = await this.withDefaultRetry(() =>
      this.transactions.run(async (): Promise<Saved> => {
        await this.repo.lockDefaultChoice();
        const makeDefault = body.isDefault || (await this.repo.defaultId()) === undefined;
        await this.checkSavable(null, body.name, body.conditions);
        const id = await this.repo.insert({ name: body.name, isDefault: false });
        await this.repo.replaceConditions(id, body.conditions);
        const undefaulted = makeDefault ? await this.makeDefault(id) : [];
        const matrix = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'matrix.create',
          entity: 'matrix',
          entityId: id,
          after: matrix,
        });
        if (makeDefault) await this.auditDefault(principal, id, undefaulted);
        return { matrix, undefaulted };
      }),
    );
    await this.events.upserted([saved.matrix.id, ...saved.undefaulted], principal, saved.matrix.id);
    return saved.matrix;
  }

  /** PUT /matrix/{id}: name, conditions (replaced whole) and/or `isDefault: true`. */
  async update(principal: Principal, id: string, body: UpdateMatrix): Promise<MatrixView> {
    const saved = await this.withDefaultRetry(() =>
      this.transactions.run(async (): Promise<Saved> => {
        // The default lock comes before the row lock, in the same order as PUT /default, so they cannot deadlock.
        if (body.isDefault === true) await this.repo.lockDefaultChoice();
        const locked = await this.repo.lock(id);
        if (!locked) throw matrixNotFound();
        if (body.isDefault === false && locked.isDefault)
          throw Errors.conflict(MESSAGES.matrixDefaultRequired);
        const before = (await this.repo.findById(id))!;

        const rename = body.name !== undefined && body.name !== before.name ? body.name : undefined;
        const conditions =
          body.conditions !== undefined && !sameConditions(body.conditions, before.conditions)
            ? body.conditions
            : undefined;
        const makeDefault = body.isDefault === true && !before.isDefault;
        if (rename === undefined && conditions === undefined && !makeDefault) {
          throw Errors.badRequest(MESSAGES.noValueChanged);
        }
        // Unchanged conditions are not checked again (a global carrier change may have left duplicates behind).
        await this.checkSavable(id, rename ?? before.name, conditions ?? [], {
          checkName: rename !== undefined,
        });

        if (rename !== undefined) {
          await this.repo.rename(id, rename);
          await this.carryClientTitles(principal, id, before.name, rename);
        }
        if (conditions !== undefined) {
          await this.repo.replaceConditions(id, conditions);
          await this.repo.touch([id]);
        }
        const undefaulted = makeDefault ? await this.makeDefault(id) : [];
        const matrix = (await this.repo.findById(id))!;
        if (rename !== undefined || conditions !== undefined) {
          await this.audit.record(principal, {
            type: 'matrix.update',
            entity: 'matrix',
            entityId: id,
            before,
            after: matrix,
          });
        }
        if (makeDefault) await this.auditDefault(principal, id, undefaulted);
        return { matrix, undefaulted };
      }),
    );
    await this.events.upserted([id, ...saved.undefaulted], principal);
    return saved.matrix;
  }

  /**
   * Clients name their matrices by title (decision 0036): a rename takes them along (decision 0035 addendum), each
   * change in the client's log, so a rename never sends their parcels to the default matrix unnoticed.
   */
  private async carryClientTitles(
    principal: Principal,
    matrixId: string,
    from: string,
    to: string,
  ): Promise<void> {
    for (const client of await this.repo.renameClientTitles(from, to)) {
      const after = Object.fromEntries(Object.keys(client.before).map((title) => [title, to]));
      await this.audit.record(principal, {
        type: 'client.update',
        entity: 'client',
        entityId: client.id,
        before: client.before,
        after,
        details: { matrixRenamed: matrixId },
      });
    }
  }

  /** PUT /matrix/{id}/default: this matrix becomes the default; the previous default loses the flag. */
  async setDefault(principal: Principal, id: string): Promise<MatrixView> {
    const saved = await this.withDefaultRetry(() =>
      this.transactions.run(async (): Promise<Saved | null> => {
        await this.repo.lockDefaultChoice();
        const locked = await this.repo.lock(id);
        if (!locked) throw matrixNotFound();
        if (locked.isDefault) return null;
        const undefaulted = await this.makeDefault(id);
        await this.auditDefault(principal, id, undefaulted);
        return { matrix: (await this.repo.findById(id))!, undefaulted };
      }),
    );
    if (!saved) return this.get(id);
    await this.events.upserted([id, ...saved.undefaulted], principal);
    return saved.matrix;
  }

  /** POST /matrix/{id}/clone: the conditions in order under a new name; the copy is never the default. */
  async clone(principal: Principal, sourceId: string, body: CloneMatrix): Promise<MatrixView> {
    const matrix = await this.transactions
      .run(async () => {
        const source = await this.repo.findById(sourceId);
        if (!source) throw matrixNotFound();
        const copy = cloneMatrix(
          { ...source, conditions: source.conditions },
          body.name,
          randomUUID(),
          randomUUID,
        );
        if (await this.repo.nameTaken(copy.name, null)) throw matrixNameTaken();
        const id = await this.repo.insert({ name: copy.name, isDefault: false });
        await this.repo.replaceConditions(id, copy.conditions);
        const created = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'matrix.create',
          entity: 'matrix',
          entityId: id,
          after: created,
          details: { clonedFromId: sourceId },
        });
        return created;
      })
      .catch(rethrowMatrixRace);
    await this.events.upserted([matrix.id], principal, matrix.id);
    return matrix;
  }

  /** DELETE /matrix/{id}: not the default (make another default first). */
  async remove(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      const locked = await this.repo.lock(id);
      if (!locked) throw matrixNotFound();
      if (checkDefaultRemoval(locked) === 'isDefault') {
        throw Errors.conflict(MESSAGES.matrixDefaultNotDeletable);
      }
      const before = await this.repo.findById(id);
      await this.repo.delete(id);
      await this.audit.record(principal, { type: 'matrix.delete', entity: 'matrix', entityId: id, before });
    });
    await this.events.deleted(id, principal);
  }

  /**
   * Name unique, conditions valid by the domain's rules (duplicates), carriers existing. Row indexes are the
   * draft conditions' ids so problems land on `conditions.<index>`.
   */
  private async checkSavable(
    id: string | null,
    name: string,
    conditions: readonly NewCondition[],
    check = { checkName: true },
  ): Promise<void> {
    const invalid = problemsError(
      validateMatrix({
        id,
        name,
        conditions: conditions.map((c, i) => ({ ...c, id: String(i) })),
      }),
    );
    if (invalid) throw invalid;
    if (check.checkName && (await this.repo.nameTaken(name, id))) throw matrixNameTaken();
    if (conditions.length === 0) return;
    const known = new Set(
      (
        await this.repo.operatorsById(
          conditions.map((c) => c.operatorId),
          true,
        )
      ).map((o) => o.id),
    );
    const unknownRows = conditions.flatMap((c, i) => (known.has(c.operatorId) ? [] : [i]));
    if (unknownRows.length > 0) throw unknownOperatorsError(unknownRows);
  }

  /** Makes `id` the only default (ensureSingleDefault); returns the matrices that lost the flag. */
  private async makeDefault(id: string): Promise<string[]> {
    const current = await this.repo.defaultId();
    const change = ensureSingleDefault(
      [{ id, isDefault: false }, ...(current && current !== id ? [{ id: current, isDefault: true }] : [])],
      id,
    );
    if (!change.ok) throw matrixNotFound();
    const cleared = await this.repo.clearDefault(id);
    await this.repo.markDefault(id);
    return cleared;
  }

  private async auditDefault(principal: Principal, id: string, undefaulted: string[]) {
    await this.audit.record(principal, {
      type: 'matrix.setDefault',
      entity: 'matrix',
      entityId: id,
      before: { defaultId: undefaulted[0] ?? null },
      after: { defaultId: id },
    });
  }

  /**
   * Runs a transaction that may change the default again when it lost a race on the one-default index (the
   * advisory lock should prevent it; this is the backstop), then maps what still escapes to a clear 409.
   */
  private async withDefaultRetry<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        if (isDefaultRace(err)) {
          if (attempt < DEFAULT_RACE_ATTEMPTS) continue;
          throw defaultConflict();
        }
        return rethrowMatrixRace(err);
      }
    }
  }
}
