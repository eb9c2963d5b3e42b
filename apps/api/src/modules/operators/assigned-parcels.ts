import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../db/database';

/**
 * How many active parcels are assigned to an operator (SPEC 4: such an operator cannot be deactivated).
 * A port: the operators module asks, the parcels module answers once it exists (decision 0031).
 */
export abstract class AssignedParcels {
  /** Active (not delivered, returned or cancelled) parcels assigned to the operator, read in `tx`. */
  abstract countActive(operatorId: string, tx: DbOrTx): Promise<number>;
}

/**
 * Until parcels exist there are none to count. TODO(#5): the parcels module provides the real count (a query on
 * its table in `tx`) and replaces this provider in OperatorsModule.
 */
@Injectable()
export class NoParcelsYet extends AssignedParcels {
  countActive(): Promise<number> {
    return Promise.resolve(0);
  }
}
