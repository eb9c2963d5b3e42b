import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  MESSAGES,
  rooms,
  warsawDateTime,
  type ConsolidationLabelReply,
  type ConsolidationListItem,
  type ConsolidationLookupReply,
  type ConsolidationView,
  type CreateConsolidation,
  type ListReply,
  type Principal,
  type consolidationListQuerySchema,
  type removeFromConsolidationSchema,
} from '@depot/contracts';
import {
  addConsolidationRefusal,
  addParcelRefusal,
  consolidationKindOf,
  newConsolidationBarcode,
  normalScannedNumber,
  removeRefusal,
} from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { isUniqueViolation } from '../../common/pg-errors';
import { AuditService } from '../audit/audit.service';
import { ScansRepository } from '../scans/scans.repository';
import { renderConsolidationLabel } from './consolidation-label';
import { ConsolidationsRepository, type ConsolidationRow } from './consolidations.repository';

type ListQuery = z.output<typeof consolidationListQuerySchema>;
type RemoveItem = z.output<typeof removeFromConsolidationSchema>;

const BARCODE_INDEX = 'consolidations_barcode_key';

/** A refusal of a rule: 409 with the rule's message. */
const refused = (message: string) => Errors.conflict(message);

/**
 * Consolidations (issue 14 item 6; decision 0128): the rules of libs/domain decide every change, each change is one
 * transaction that locks the consolidation first, is written to the log, and is announced on `list:consolidations`
 * after the commit.
 */
@Injectable()
export class ConsolidationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ConsolidationsRepository,
    private readonly scans: ScansRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(q: ListQuery): Promise<ListReply<ConsolidationListItem>> {
    return this.repo.list({
      search: q.search || undefined,
      type: q.type,
      isBlocked: q.isBlocked === undefined ? undefined : q.isBlocked === 'true',
      orderBy: { field: q.sort, direction: q.direction },
      cursor: q.cursor,
      limit: q.limit,
    });
  }

  async get(id: string): Promise<ConsolidationView> {
    const row = await this.repo.byId(id);
    if (!row) throw Errors.notFound(MESSAGES.consolidationNotFound);
    return this.view(row);
  }

  /** isExternalNumberInDB: the parcel a number names (any of its numbers), else the consolidation of that barcode. */
  async lookup(rawNumber: string): Promise<ConsolidationLookupReply> {
    const number = normalScannedNumber(rawNumber);
    const target = await this.scans.findTarget(number, false);
    if (target) return { parcel: (await this.repo.parcel(target.id)) ?? null, consolidation: null };
    const row = await this.repo.byBarcode(number);
    if (!row) throw Errors.notFound(MESSAGES.scanNothingFound);
    return { parcel: null, consolidation: (await this.repo.listItem(row.id))! };
  }

  async create(principal: Principal, body: CreateConsolidation): Promise<ConsolidationView> {
    for (let attempt = 0; ; attempt++) {
      try {
        const view = await this.transactions.run(async () => {
          const id = await this.repo.insert({
            type: body.type,
            isLandmark: body.type === 'normal' && body.isLandmark,
            barcode: newConsolidationBarcode(() => randomInt(10)),
            driver: body.type === 'car' ? (body.driver ?? null) : null,
            registrationNumber: body.type === 'car' ? (body.registrationNumber ?? null) : null,
            isDefaultStatus: body.isDefaultStatus,
            isVirtualScan: body.isVirtualScan,
            terminal: body.terminal,
            createdById: principal.userId,
          });
          const created = await this.view((await this.repo.byId(id))!);
          await this.audit.record(principal, {
            type: 'consolidation.create',
            entity: 'consolidation',
            entityId: id,
            after: audited(created),
          });
          return created;
        });
        await this.publish(view.id, principal, true);
        return view;
      } catch (err) {
        // Ten random digits rarely meet an existing barcode; when they do, draw again.
        if (isUniqueViolation(err, BARCODE_INDEX) && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** addPackage: a parcel by any of its numbers, or (into a car) a consolidation by its barcode. */
  async add(principal: Principal, consolidationId: string, rawNumber: string): Promise<ConsolidationView> {
    const view = await this.transactions.run(async () => {
      const row = await this.locked(consolidationId);
      const state = await this.repo.state(row);
      const number = normalScannedNumber(rawNumber);
      const target = await this.scans.findTarget(number, true);
      if (target) {
        const parcel = (await this.repo.parcel(target.id))!;
        const refusal = addParcelRefusal(state, {
          isLandmark: parcel.isLandmark,
          status: parcel.status,
          consolidationId: parcel.consolidation?.id ?? null,
        });
        if (refusal) throw refused(refusal);
        await this.repo.addParcel(row.id, parcel.id, principal.userId);
        return this.changed(principal, row, 'consolidation.addItem', { parcel: parcel.internalNumber });
      }
      const child = await this.repo.byBarcode(number, true);
      if (!child) throw Errors.notFound(MESSAGES.scanNothingFound);
      const refusal = addConsolidationRefusal(state, {
        id: child.id,
        type: child.type,
        isLandmark: child.isLandmark,
        parentId: child.parentId,
      });
      if (refusal) throw refused(refusal);
      await this.repo.addChild(row.id, child.id, principal.userId);
      await this.repo.touch(child.id);
      return this.changed(principal, row, 'consolidation.addItem', { consolidation: child.barcode });
    });
    await this.publish(view.id, principal, false);
    for (const c of view.consolidations) await this.publish(c.id, principal, false);
    return view;
  }

  /** deletePackage: a parcel or a held consolidation out of the consolidation. */
  async remove(principal: Principal, body: RemoveItem): Promise<ConsolidationView> {
    const { view, childId } = await this.transactions.run(async () => {
      const row = await this.locked(body.consolidationId);
      const state = await this.repo.state(row);
      const refusal = removeRefusal(state, true);
      if (refusal) throw refused(refusal);
      const item = body.parcelId
        ? { parcelId: body.parcelId }
        : { childConsolidationId: body.childConsolidationId };
      if (!(await this.repo.removeItem(row.id, item))) throw refused(MESSAGES.consolidationItemAbsent);
      const what = body.parcelId
        ? { parcel: (await this.repo.parcel(body.parcelId))?.internalNumber ?? body.parcelId }
        : { consolidation: (await this.repo.byId(body.childConsolidationId!))?.barcode };
      if (body.childConsolidationId) await this.repo.touch(body.childConsolidationId);
      return {
        view: await this.changed(principal, row, 'consolidation.removeItem', what),
        childId: body.childConsolidationId,
      };
    });
    await this.publish(view.id, principal, false);
    if (childId) await this.publish(childId, principal, false);
    return view;
  }

  async setBlocked(principal: Principal, id: string, isBlocked: boolean): Promise<ConsolidationView> {
    const view = await this.transactions.run(async () => {
      const row = await this.locked(id);
      if (row.isBlocked === isBlocked) throw Errors.badRequest(MESSAGES.noValueChanged);
      await this.repo.setBlocked(id, isBlocked);
      const after = await this.view((await this.repo.byId(id))!);
      await this.audit.record(principal, {
        type: isBlocked ? 'consolidation.block' : 'consolidation.unblock',
        entity: 'consolidation',
        entityId: id,
        before: { barcode: row.barcode, isBlocked: row.isBlocked },
        after: { barcode: row.barcode, isBlocked },
      });
      return after;
    });
    await this.publish(id, principal, false);
    return view;
  }

  /**
   * getLabel: the A6 PDF (base64) of the consolidation with its parcels, in the reader's language; `isBlank` when it
   * holds no parcel, which `errorList` then says.
   */
  async label(principal: Principal, id: string): Promise<ConsolidationLabelReply> {
    const row = await this.repo.byId(id);
    if (!row) throw Errors.notFound(MESSAGES.consolidationNotFound);
    const item = (await this.repo.listItem(id))!;
    const parcels = await this.repo.heldParcels(id);
    const lang =
      (principal.userId ? await this.repo.languageOf(principal.userId) : undefined) ?? DEFAULT_LANGUAGE;
    const pdf = await renderConsolidationLabel(
      {
        barcode: item.barcode,
        kind: item.kind,
        driver: item.driver,
        registrationNumber: item.registrationNumber,
        terminal: item.terminal,
        printedAt: warsawDateTime(new Date()),
        parcels,
      },
      lang,
    );
    const isBlank = parcels.length === 0;
    return {
      pdf: pdf.toString('base64'),
      fileName: `${item.barcode}.pdf`,
      error: { isBlank, errorList: isBlank ? [MESSAGES.consolidationEmpty] : [] },
    };
  }

  /** The consolidation, locked for the rest of the transaction (404 when there is none). */
  private async locked(id: string): Promise<ConsolidationRow> {
    const row = await this.repo.byId(id, true);
    if (!row) throw Errors.notFound(MESSAGES.consolidationNotFound);
    return row;
  }

  private async changed(
    principal: Principal,
    row: ConsolidationRow,
    type: 'consolidation.addItem' | 'consolidation.removeItem',
    details: Record<string, unknown>,
  ): Promise<ConsolidationView> {
    await this.repo.touch(row.id);
    const after = await this.view((await this.repo.byId(row.id))!);
    await this.audit.record(principal, {
      type,
      entity: 'consolidation',
      entityId: row.id,
      details: { barcode: row.barcode, ...details },
    });
    return after;
  }

  private async view(row: ConsolidationRow): Promise<ConsolidationView> {
    const item = (await this.repo.listItem(row.id))!;
    const parent = row.parentId ? await this.repo.byId(row.parentId) : undefined;
    return {
      ...item,
      kind: consolidationKindOf(item),
      blockedAt: row.blockedAt ? new Date(row.blockedAt).toISOString() : null,
      parent: parent ? { id: parent.id, barcode: parent.barcode } : null,
      parcels: await this.repo.parcelsIn(row.id),
      consolidations: row.type === 'car' ? await this.repo.children(row.id) : [],
    };
  }

  private async publish(id: string, actor: Principal, created: boolean): Promise<void> {
    const row = await this.repo.listItem(id);
    if (!row) return;
    await this.bus.publish({
      type: 'list.changed',
      // The live list, and the consolidation's own room (its details page).
      rooms: [rooms.list('consolidations'), rooms.consolidation(id)],
      change: { list: 'consolidations', op: 'upsert', row, actorId: actor.userId, created },
    });
  }
}

/** What the log keeps of a new consolidation. */
const audited = (c: ConsolidationView) => ({
  type: c.type,
  isLandmark: c.isLandmark,
  barcode: c.barcode,
  driver: c.driver,
  registrationNumber: c.registrationNumber,
  isDefaultStatus: c.isDefaultStatus,
  isVirtualScan: c.isVirtualScan,
  terminal: c.terminal,
});
