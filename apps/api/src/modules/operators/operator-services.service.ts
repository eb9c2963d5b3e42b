import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type OperatorAdditionalService,
  type Principal,
  type createAdditionalServiceSchema,
  type updateAdditionalServiceSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { OperatorServicesRepository } from './operator-services.repository';
import { OperatorsRepository } from './operators.repository';

type CreateService = z.output<typeof createAdditionalServiceSchema>;
type UpdateService = z.output<typeof updateAdditionalServiceSchema>;

const codeTaken = () =>
  Errors.conflict(MESSAGES.additionalServiceCodeTaken, [
    { path: 'code', message: MESSAGES.additionalServiceCodeTaken },
  ]);

/** Two concurrent adds of one code both pass the check; the unique index refuses the later one. */
const rethrowCodeRace = (err: unknown): never => {
  for (const e of [err, (err as { cause?: unknown } | null)?.cause] as (
    { code?: unknown; constraint?: unknown } | null | undefined
  )[]) {
    if (e?.code === '23505' && e.constraint === 'operator_additional_services_code_key') throw codeTaken();
  }
  throw err;
};

/** An operator's additional services (COD, insurance…): add, list, rename or switch, remove; each change logged. */
@Injectable()
export class OperatorServicesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: OperatorServicesRepository,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditService,
  ) {}

  async listOf(operatorId: string): Promise<OperatorAdditionalService[]> {
    if (!(await this.operators.findById(operatorId))) throw Errors.notFound(MESSAGES.operatorNotFound);
    return this.repo.listOf(operatorId);
  }

  /** POST /operator/additionalService. */
  add(principal: Principal, body: CreateService): Promise<OperatorAdditionalService> {
    return this.transactions
      .run(async () => {
        // The operator row is locked so it cannot be deleted under the new service.
        if (!(await this.operators.lock(body.operatorId))) throw Errors.notFound(MESSAGES.operatorNotFound);
        if (await this.repo.codeTaken(body.operatorId, body.code, null)) throw codeTaken();
        const service = await this.repo.insert(body);
        await this.audit.record(principal, {
          type: 'operator.additionalService.create',
          entity: 'operator',
          entityId: body.operatorId,
          after: service,
        });
        return service;
      })
      .catch(rethrowCodeRace);
  }

  /** PUT /operator/additionalService/{id}: rename, or switch on or off. */
  async change(principal: Principal, id: string, body: UpdateService): Promise<OperatorAdditionalService> {
    return this.transactions.run(async () => {
      if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.additionalServiceNotFound);
      const before = (await this.repo.findById(id))!;
      const changes = Object.fromEntries(
        Object.entries(body).filter(([k, x]) => x !== undefined && x !== before[k as keyof typeof before]),
      );
      if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
      const after = await this.repo.update(id, changes);
      await this.audit.record(principal, {
        type: 'operator.additionalService.update',
        entity: 'operator',
        entityId: before.operatorId,
        before,
        after,
      });
      return after;
    });
  }

  /** DELETE /operator/additionalService/{id}. */
  async remove(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.additionalServiceNotFound);
      const before = (await this.repo.findById(id))!;
      await this.repo.delete(id);
      await this.audit.record(principal, {
        type: 'operator.additionalService.delete',
        entity: 'operator',
        entityId: before.operatorId,
        before,
      });
    });
  }
}
