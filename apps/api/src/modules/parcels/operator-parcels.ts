import { Injectable } from '@nestjs/common';
import type { NamedRef, Principal } from '@depot/contracts';
import { AssignedParcels } from '../operators/assigned-parcels';
import { ParcelEvents } from './parcel-events';
import { ParcelsRepository } from './parcels.repository';

/**
 * The operators module's port (decision 0031): active parcels of a carrier — not deleted, not delivered or
 * cancelled ("to cancel" still counts: its carrier has not confirmed). Read in the saving transaction.
 */
@Injectable()
export class ActiveParcelsOfOperator extends AssignedParcels {
  constructor(private readonly repo: ParcelsRepository) {
    super();
  }

  countActive(operatorId: string): Promise<number> {
    return this.repo.countActiveOfOperator(operatorId);
  }
}

/**
 * The global carrier change (decision 0037, matrices module): parcels not yet sent (status new) follow the
 * routing to the new carrier; parcels already handed to the old carrier stay with it (it holds them). `move` runs
 * inside the change's transaction (it joins the caller's `run`); `announce` sends the moved rows to the live lists
 * after the commit.
 */
@Injectable()
export class NewParcelsCarrierChange {
  constructor(
    private readonly repo: ParcelsRepository,
    private readonly events: ParcelEvents,
  ) {}

  /** How many `move` would move now (the replacement screen says so before it asks). */
  count(operatorId: string): Promise<number> {
    return this.repo.countNewOfOperator(operatorId);
  }

  /** Moves them and notes in their routing explanation that `actor` replaced the carrier (decision 0088). */
  move(from: NamedRef, to: NamedRef, actor: Principal): Promise<string[]> {
    return this.repo.moveNewParcels(from, to, actor.userId);
  }

  async announce(parcelIds: string[], actor: Principal): Promise<void> {
    for (const id of parcelIds) {
      const item = await this.repo.listItem(id);
      if (item) await this.events.updated(item, actor);
    }
  }
}
