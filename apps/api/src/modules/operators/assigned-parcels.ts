/**
 * How many active parcels are assigned to an operator (SPEC 4: such an operator cannot be deactivated).
 * A port: the operators module asks, the parcels module answers (parcels/operator-parcels.ts, decision 0031).
 */
export abstract class AssignedParcels {
  /** Active (not deleted, not delivered or cancelled) parcels assigned to the operator, in the caller's transaction. */
  abstract countActive(operatorId: string): Promise<number>;
}
