import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type GlobalOperatorChangeReply,
  type OperatorRoutingUsage,
  type Principal,
  type globalOperatorChangeSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { NewParcelsCarrierChange } from '../parcels/operator-parcels';
import { MatrixEvents } from './matrix-events';
import { MatricesRepository } from './matrices.repository';

type GlobalOperatorChange = z.output<typeof globalOperatorChangeSchema>;

const invalid = (path: 'fromOperatorId' | 'toOperatorId', message: string) =>
  Errors.validation(message, [{ path, message }]);

/**
 * The global carrier change (SPEC 7 PUT /matrix/update/globalOperatorChange, screen
 * administration/operators/replacement): every routing condition naming one carrier is moved to another, in one
 * transaction, audited with the count.
 */
@Injectable()
export class OperatorReplacementService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: MatricesRepository,
    private readonly audit: AuditService,
    private readonly events: MatrixEvents,
    private readonly parcels: NewParcelsCarrierChange,
  ) {}

  /** What a change from this carrier would move (the screen shows it before the "I understand" step). */
  async usage(operatorId: string): Promise<OperatorRoutingUsage> {
    const [operator] = await this.repo.operatorsById([operatorId]);
    if (!operator) throw Errors.notFound(MESSAGES.operatorNotFound);
    const conditions = await this.repo.operatorUsage(operatorId);
    return { operatorId, ...conditions, parcels: await this.parcels.count(operatorId) };
  }

  async change(principal: Principal, body: GlobalOperatorChange): Promise<GlobalOperatorChangeReply> {
    const { fromOperatorId, toOperatorId } = body;
    const done = await this.transactions.run(async () => {
      // Share locks: neither carrier can be deleted, nor the target deactivated, before this commits.
      const found = await this.repo.operatorsById([fromOperatorId, toOperatorId], true);
      const from = found.find((o) => o.id === fromOperatorId);
      const to = found.find((o) => o.id === toOperatorId);
      if (!from) throw invalid('fromOperatorId', MESSAGES.routingOperatorUnknown);
      if (!to) throw invalid('toOperatorId', MESSAGES.routingOperatorUnknown);
      if (!to.active) throw invalid('toOperatorId', MESSAGES.replacementTargetInactive);

      const { moved, matrixIds } = await this.repo.moveConditions(fromOperatorId, toOperatorId);
      const movedParcelIds = await this.parcels.move(
        { id: from.id, name: from.name },
        { id: to.id, name: to.name },
        principal,
      );
      const movedParcels = movedParcelIds.length;
      await this.audit.record(principal, {
        type: 'matrix.globalOperatorChange',
        entity: 'operator',
        entityId: fromOperatorId,
        before: { operatorId: from.id, operatorName: from.name },
        after: { operatorId: to.id, operatorName: to.name },
        details: { movedConditions: moved, movedParcels, matrixIds },
      });
      return { reply: { movedConditions: moved, movedParcels }, matrixIds, movedParcelIds };
    });
    await this.events.upserted(done.matrixIds, principal);
    await this.parcels.announce(done.movedParcelIds, principal);
    return done.reply;
  }
}
