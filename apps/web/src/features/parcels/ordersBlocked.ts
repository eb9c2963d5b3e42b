import type { CurrentUserView } from '@depot/contracts';

/**
 * SPEC 2's "ordering blocked", as far as the signed-in person is known: the user's own disableNewOrders, or (for a
 * client's user) the client's. Staff creating for a client learn that client's block from its defaults.
 */
export const ordersBlocked = (user: CurrentUserView | null | undefined): boolean =>
  !!user && (user.disableNewOrders || (!!user.clientId && user.clientDisableNewOrders));
