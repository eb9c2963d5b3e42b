import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  SECTOR_ERROR_CODES,
  rooms,
  type CountryCode,
  type ListReply,
  type OperatorInOtherSectorDetails,
  type Principal,
  type SectorListItem,
  type SectorOperator,
  type SectorView,
  type createSectorSchema,
  type mapSectorOperatorSchema,
  type sectorListQuerySchema,
  type updateSectorSchema,
} from '@depot/contracts';
import { cleanSectorDescription, isSectorTaken, sectorMappingClash, type SectorRef } from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { isUniqueViolation } from '../../common/pg-errors';
import { AuditService } from '../audit/audit.service';
import { SectorsRepository } from './sectors.repository';

type CreateSector = z.output<typeof createSectorSchema>;
type UpdateSector = z.output<typeof updateSectorSchema>;
type MapOperator = z.output<typeof mapSectorOperatorSchema>;
type ListQuery = z.output<typeof sectorListQuerySchema>;

const TAKEN_INDEX = 'sectors_country_description_key';
const ONE_SECTOR_PER_COUNTRY_INDEX = 'sector_operators_operator_country_key';

const taken = (path: 'sectorDescription') =>
  Errors.conflict(MESSAGES.sectorTaken, [{ path, message: MESSAGES.sectorTaken }]);

/** What the log keeps of a sector: its country, description and carriers by name. */
const audited = (s: SectorView) => ({
  sectorCountry: s.sectorCountry,
  sectorDescription: s.sectorDescription,
  operators: s.operators.map((o) => o.name),
});

/** 409 OperatorInOtherSector: the carrier is already in `sector`, another sector of the same country. */
function inOtherSector(operator: Pick<SectorOperator, 'id' | 'name'>, sector: SectorRef): HttpException {
  const details: OperatorInOtherSectorDetails = {
    operator: { id: operator.id, name: operator.name },
    sector: {
      id: sector.id,
      sectorCountry: sector.sectorCountry,
      sectorDescription: sector.sectorDescription,
    },
  };
  return new HttpException(
    {
      statusCode: HttpStatus.CONFLICT,
      error: SECTOR_ERROR_CODES.operatorInOtherSector,
      message: MESSAGES.sectorOperatorConflict,
      details,
    },
    HttpStatus.CONFLICT,
  );
}

interface Saved {
  sector: SectorView;
  changed: boolean;
}

/** Sectors and their carriers (decision 0124): rules from libs/domain, one transaction per change, log and live list. */
@Injectable()
export class SectorsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: SectorsRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(q: ListQuery): Promise<ListReply<SectorListItem>> {
    return this.repo.list({
      search: q.search || undefined,
      sectorCountry: q.sectorCountry,
      operatorId: q.operatorId,
      orderBy: { field: q.sort, direction: q.direction },
      cursor: q.cursor,
      limit: q.limit,
    });
  }

  async get(id: string): Promise<SectorView> {
    const sector = await this.repo.findById(id);
    if (!sector) throw Errors.notFound(MESSAGES.sectorNotFound);
    return sector;
  }

  operatorOptions(): Promise<SectorOperator[]> {
    return this.repo.operatorOptions();
  }

  async create(principal: Principal, body: CreateSector): Promise<SectorView> {
    const sector = await this.withRaces(async () => {
      const sectorDescription = cleanSectorDescription(body.sectorDescription);
      await this.assertFree(body.sectorCountry, sectorDescription, null);
      const id = await this.repo.insert({ sectorCountry: body.sectorCountry, sectorDescription });
      const created = (await this.repo.findById(id))!;
      await this.audit.record(principal, {
        type: 'sector.create',
        entity: 'sector',
        entityId: id,
        after: audited(created),
      });
      return { sector: created, changed: true };
    });
    await this.publishUpsert(sector.sector.id, principal, true);
    return sector.sector;
  }

  /**
   * A new description and/or a new country. A new country takes the carriers along, so each must be in no other
   * sector of that country (409 OperatorInOtherSector naming the first clash); nothing to change is a 400.
   */
  async update(principal: Principal, id: string, body: UpdateSector): Promise<SectorView> {
    const saved = await this.withRaces(async () => {
      const before = await this.locked(id);
      const changes: { sectorCountry?: CountryCode; sectorDescription?: string } = {};
      if (body.sectorCountry !== undefined && body.sectorCountry !== before.sectorCountry)
        changes.sectorCountry = body.sectorCountry;
      if (
        body.sectorDescription !== undefined &&
        cleanSectorDescription(body.sectorDescription) !== before.sectorDescription
      )
        changes.sectorDescription = cleanSectorDescription(body.sectorDescription);
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      const country = changes.sectorCountry ?? before.sectorCountry;
      const description = changes.sectorDescription ?? before.sectorDescription;
      const others = await this.repo.sectorsOfCountry(country);
      if (isSectorTaken(country, description, id, others)) throw taken('sectorDescription');
      if (changes.sectorCountry) {
        for (const o of before.operators) {
          const clash = sectorMappingClash(id, country, o.id, others);
          if (clash) throw inOtherSector(o, clash.sector);
        }
      }
      await this.repo.update(id, changes);
      const after = (await this.repo.findById(id))!;
      await this.audit.record(principal, {
        type: 'sector.update',
        entity: 'sector',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
      return { sector: after, changed: true };
    });
    await this.publishUpsert(id, principal, false);
    return saved.sector;
  }

  /**
   * POST …/mapSectorOperator: the carrier joins the sector unless another sector of the same country holds it
   * (409 OperatorInOtherSector, details name it). Mapping it again changes nothing and answers the sector.
   */
  async map(principal: Principal, body: MapOperator): Promise<SectorView> {
    const saved = await this.withRaces(async () => {
      const before = await this.locked(body.sectorId);
      const operator = await this.operator(body.operatorId);
      if (before.operators.some((o) => o.id === operator.id)) return { sector: before, changed: false };
      const clash = sectorMappingClash(
        before.id,
        before.sectorCountry,
        operator.id,
        await this.repo.sectorsOfCountry(before.sectorCountry),
      );
      if (clash) throw inOtherSector(operator, clash.sector);
      await this.repo.map(before.id, before.sectorCountry, operator.id);
      return this.saveMapping(principal, 'sector.mapOperator', before, operator);
    });
    if (saved.changed) await this.publishUpsert(saved.sector.id, principal, false);
    return saved.sector;
  }

  /** POST …/unmapSectorOperator: takes the carrier off the sector; one that is not mapped changes nothing (400). */
  async unmap(principal: Principal, body: MapOperator): Promise<SectorView> {
    const saved = await this.transactions.run(async () => {
      const before = await this.locked(body.sectorId);
      const operator = await this.operator(body.operatorId);
      if (!(await this.repo.unmap(before.id, operator.id))) throw Errors.badRequest(MESSAGES.noValueChanged);
      return this.saveMapping(principal, 'sector.unmapOperator', before, operator);
    });
    await this.publishUpsert(saved.sector.id, principal, false);
    return saved.sector;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      const before = await this.locked(id);
      await this.repo.delete(id);
      await this.audit.record(principal, {
        type: 'sector.delete',
        entity: 'sector',
        entityId: id,
        before: audited(before),
      });
    });
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('sectors')],
      change: { list: 'sectors', op: 'delete', id, actorId: principal.userId },
    });
  }

  /** The sector, locked for the rest of the transaction (404 when there is none). */
  private async locked(id: string): Promise<SectorView> {
    if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.sectorNotFound);
    return (await this.repo.findById(id))!;
  }

  private async operator(id: string): Promise<SectorOperator> {
    const operator = await this.repo.operator(id);
    if (!operator) throw Errors.notFound(MESSAGES.operatorNotFound);
    return operator;
  }

  private async saveMapping(
    principal: Principal,
    type: 'sector.mapOperator' | 'sector.unmapOperator',
    before: SectorView,
    operator: SectorOperator,
  ): Promise<Saved> {
    await this.repo.touch(before.id);
    const after = (await this.repo.findById(before.id))!;
    await this.audit.record(principal, {
      type,
      entity: 'sector',
      entityId: before.id,
      before: audited(before),
      after: audited(after),
      details: { operatorId: operator.id, operatorName: operator.name },
    });
    return { sector: after, changed: true };
  }

  private async assertFree(
    country: CountryCode,
    description: string,
    exceptId: string | null,
  ): Promise<void> {
    if (isSectorTaken(country, description, exceptId, await this.repo.sectorsOfCountry(country)))
      throw taken('sectorDescription');
  }

  /**
   * Two saves racing: a (country, description) another save just took hits its unique index (the same 409 as the
   * check gives); a carrier another save just mapped in the same country hits the one-sector-per-country index, and
   * the save runs once more to see that sector and refuse naming it, as the check does.
   */
  private async withRaces(save: () => Promise<Saved>): Promise<Saved> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.transactions.run(save);
      } catch (err) {
        if (isUniqueViolation(err, TAKEN_INDEX)) throw taken('sectorDescription');
        if (isUniqueViolation(err, ONE_SECTOR_PER_COUNTRY_INDEX)) {
          if (attempt < 2) continue;
          throw Errors.conflict(MESSAGES.sectorOperatorConflict);
        }
        throw err;
      }
    }
  }

  private async publishUpsert(id: string, actor: Principal, created: boolean): Promise<void> {
    const row = await this.repo.listItem(id);
    if (!row) return;
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('sectors')],
      change: { list: 'sectors', op: 'upsert', row, actorId: actor.userId, created },
    });
  }
}
