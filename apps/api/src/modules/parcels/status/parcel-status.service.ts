import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type ParcelStatus,
  type ParcelView,
  type Principal,
  type parcelStatusChangeSchema,
} from '@depot/contracts';
import { needsAutoReturn, statusChangeProblem } from '@depot/domain';
import type { z } from 'zod';
import { LOGGER } from '../../../core/core.tokens';
import { Transactions } from '../../../db/transactions';
import { Errors } from '../../../common/errors';
import { AuditService } from '../../audit/audit.service';
import { listItemOfView } from '../list/parcel-columns';
import { parcelNotFound } from '../create/parcel-drafts';
import { ParcelEvents } from '../parcel-events';
import { ParcelReturnsService } from './parcel-returns.service';
import { ParcelsRepository } from '../parcels.repository';
import { changedBy } from '../parcels.service';

type StatusChange = z.output<typeof parcelStatusChangeSchema>;

/**
 * PUT /order/{id}/status (staff): a status set by hand with a note, checked by libs/domain statusChangeProblem,
 * written to the history (source panel) and the log. Reaching `return` makes the return parcel of a client with
 * autoReturnPackages (once; decision 0053).
 */
@Injectable()
export class ParcelStatusService {
  constructor(
    private readonly transactions: Transactions,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly repo: ParcelsRepository,
    private readonly returns: ParcelReturnsService,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
  ) {}

  async change(principal: Principal, id: string, body: StatusChange): Promise<ParcelView> {
    const { before, after } = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, principal.clientId);
      if (!locked) throw parcelNotFound();
      const problem = statusChangeProblem(locked.status, body.status);
      if (problem) throw Errors.conflict(problem, [{ path: 'status', message: problem }]);
      const current = (await this.repo.findView(id, null))!;
      await this.repo.update(id, {
        status: body.status,
        ...(body.status === 'delivered' && !current.deliveryDate ? { deliveryDate: new Date() } : {}),
      });
      await this.repo.addHistory({
        parcelId: id,
        status: body.status,
        previousStatus: locked.status,
        source: 'panel',
        note: body.note ?? null,
        ...changedBy(principal),
      });
      const updated = (await this.repo.findView(id, null))!;
      await this.audit.record(principal, {
        type: 'parcel.status',
        entity: 'parcel',
        entityId: id,
        before: { status: locked.status },
        after: { status: body.status },
        details: { note: body.note ?? null, internalNumber: current.internalNumber },
      });
      return { before: current, after: updated };
    });
    await this.events.statusChanged(listItemOfView(after), before.status, 'panel', principal);
    await this.autoReturn(principal, before.status, after);
    return (await this.repo.findView(id, null)) ?? after;
  }

  /**
   * autoReturnPackages: the return parcel, made after a status change committed (a failure is logged). Scans call it
   * too, so a return follows the status wherever it came from.
   */
  async autoReturn(
    principal: Principal | null,
    previousStatus: ParcelStatus,
    after: ParcelView,
  ): Promise<void> {
    const client = await this.repo.clientFacts(after.clientId);
    const due = needsAutoReturn({
      clientAutoReturn: client?.autoReturnPackages === true,
      previousStatus,
      status: after.status,
      orderType: after.orderType,
      hasReturn: after.returnParcelId !== null,
    });
    if (!due) return;
    try {
      await this.returns.create(principal, after.id, true);
    } catch (err) {
      this.log.error({ err, parcelId: after.id }, 'automatic return parcel not created');
    }
  }
}
