import { useCallback, useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * Whether leaving `from` for `to` must ask first: only with unsaved changes, and only when the page changes
 * (not a change of the hash or of router state on the same address).
 */
export function shouldAskBeforeLeaving(unsaved: boolean, from: Location, to: Location): boolean {
  return unsaved && (from.pathname !== to.pathname || from.search !== to.search);
}

/**
 * Asks before leaving a form with unsaved changes: in-panel navigation (react-router's blocker, the panel's confirm
 * dialog in the user's language) and closing or reloading the tab (beforeunload: the browser asks in its own words).
 * `unsaved` is read at the moment of leaving.
 */
export function LeaveGuard(props: { unsaved: () => boolean }) {
  const { unsaved } = props;
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        shouldAskBeforeLeaving(unsaved(), currentLocation, nextLocation),
      [unsaved],
    ),
  );
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      titleId="form.leaveTitle"
      messageId="form.leaveMessage"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
