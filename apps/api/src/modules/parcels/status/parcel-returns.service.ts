import { Injectable } from '@nestjs/common';
import { type ParcelView, type Principal } from '@depot/contracts';
import { returnDraftOf, returnProblem } from '@depot/domain';
import { Transactions } from '../../../db/transactions';
import { Errors } from '../../../common/errors';
import { AuditService } from '../../audit/audit.service';
import { listItemOfView } from '../list/parcel-columns';
import { assertComplete, draftOfView, parcelNotFound } from '../create/parcel-drafts';
import { ParcelEvents } from '../parcel-events';
import { ParcelsRepository } from '../parcels.repository';
import { ParcelsService, scopeOf } from '../parcels.service';

/**
 * Return parcels (decision 0053): POST /order/{id}/return, and automatically when a parcel of a client with
 * autoReturnPackages reaches status return. The return is an internalReturn parcel of the same client with the
 * addresses swapped, numbered like any parcel, routed by the client's return matrix (decision 0036), made once.
 */
@Injectable()
export class ParcelReturnsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ParcelsRepository,
    private readonly parcels: ParcelsService,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
  ) {}

  /** `auto`: made by the status change (no ordering check; a carrier that cannot take it leaves it without one). */
  async create(principal: Principal, id: string): Promise<ParcelView>;
  /** The automatic return (autoReturnPackages): made for the change's author, or the system (a carrier's status). */
  async create(principal: Principal | null, id: string, auto: true): Promise<ParcelView>;
  async create(principal: Principal | null, id: string, auto = false): Promise<ParcelView> {
    const original = await this.repo.findView(id, auto || !principal ? null : scopeOf(principal));
    if (!original) throw parcelNotFound();
    const refusal = returnProblem({ ...original, hasReturn: await this.repo.hasReturn(id) });
    if (refusal) throw Errors.conflict(refusal);
    const client = (await this.repo.clientFacts(original.clientId))!;
    if (!auto && principal) await this.parcels.assertMayOrder(principal, client);
    const draft = assertComplete(returnDraftOf(draftOfView(original)), 'keep');
    const route = await this.parcels.routeOf(client.id, draft, true, !auto);
    const created = await this.transactions.run(async () => {
      const locked = await this.repo.lock(id, null);
      if (!locked) throw parcelNotFound();
      // Checked again under the lock: two requests (or a request and the automatic return) make one return.
      const again = returnProblem({ ...locked, hasReturn: await this.repo.hasReturn(id) });
      if (again) throw Errors.conflict(again);
      const returnId = await this.parcels.insert(principal, client, draft, route, 'parcel', id);
      const view = (await this.repo.findView(returnId, null))!;
      await this.audit.record(principal, {
        type: 'parcel.return',
        entity: 'parcel',
        entityId: returnId,
        after: view,
        details: { returnOfId: id, returnOfNumber: original.internalNumber, auto },
      });
      return view;
    });
    await this.events.created(listItemOfView(created), principal);
    return created;
  }
}
