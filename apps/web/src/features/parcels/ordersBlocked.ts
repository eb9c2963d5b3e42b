import type { CurrentUserView } from '@depot/contracts';
import { ordersBlocked as blocked } from '@depot/domain';

/**
 * SPEC 2's "ordering blocked" (the domain's rule, as the API applies it) for the signed-in person: the user's own
 * disableNewOrders, or (for a client's user) the client's. Staff creating for a client learn that client's block
 * from its defaults.
 */
export const ordersBlocked = (user: CurrentUserView | null | undefined): boolean =>
  !!user && blocked({ disableNewOrders: !!user.clientId && user.clientDisableNewOrders }, user);
