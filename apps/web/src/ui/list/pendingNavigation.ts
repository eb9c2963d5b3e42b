/**
 * Where the router is going, as soon as it sets out (before React renders it): the path of the navigation under way,
 * or null when there is none. The router feeds it (router.tsx subscribes); a list's view reads it when the search box
 * settles, so a write never cancels a way out that started a moment earlier (a render-time `useNavigation` may not
 * have caught up yet: the router renders its state changes as transitions). And how many times the location moved, so
 * a view asked for is known spent once the router moved on, even when React rendered two moves as one (a filter
 * chosen, then back at once).
 */
let pending: string | null = null;
/** The path the router is at (it may be ahead of what React last rendered). */
let at: string | null = null;
/** How many times the router's location has changed (any navigation, back and forward included). */
let moves = 0;
let lastKey: string | null = null;

export const pendingNavigation = (): string | null => pending;
/** The path the router is at now: ahead of a page's rendered path when React has not yet rendered a finished move. */
export const routerPath = (): string | null => at;
export const routerMoves = (): number => moves;

/** Fed by the router on every state change: where it is going, and the location it is at. */
export function routerState(going: string | null, location: { key: string; pathname: string }): void {
  pending = going;
  at = location.pathname;
  const locationKey = location.key;
  if (locationKey !== lastKey) {
    lastKey = locationKey;
    moves++;
  }
}
