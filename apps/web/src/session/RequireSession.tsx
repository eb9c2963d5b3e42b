import { Spinner } from '@blueprintjs/core';
import type { Permission } from '@depot/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { AccessDisabledPage } from '../features/auth/pages/AccessDisabledPage';
import { languageAtom } from '../i18n/language';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { useNotify } from '../ui/useNotify';
import { accessDisabledAtom, canAtom, currentUserAtom, sessionAtom } from './session';
import { forgetSession, loadCurrentUser } from './useSessionActions';

/**
 * Everything behind sign-in. Loads the current user, ends the session at its expiry (the 24-hour timer from
 * sign-in) or on any 401, and shows only the access-disabled page to a client with disableAccess.
 */
export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(currentUserAtom);
  const accessDisabled = useAtomValue(accessDisabledAtom);
  const setLanguage = useSetAtom(languageAtom);
  const store = useStore();
  const navigate = useNavigate();
  const notify = useNotify();
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      forgetSession(store);
      navigate('/auth/sign-in', { replace: true });
    });
  }, [store, navigate]);

  useEffect(() => {
    if (!session) return undefined;
    const end = () => {
      forgetSession(store);
      navigate('/auth/sign-in', { replace: true });
    };
    const ms = session.validUntil.getTime() - Date.now();
    if (ms <= 0) {
      end();
      return undefined;
    }
    const timer = setTimeout(end, ms);
    // A sleeping laptop can oversleep the timer: check again whenever the tab comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && session.validUntil.getTime() <= Date.now()) end();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, store, navigate]);

  useEffect(() => {
    if (!session || user) return;
    loadCurrentUser(store).then(
      (u) => {
        if (u) setLanguage(u.lang);
      },
      (err: unknown) => {
        setLoadFailed(true);
        notify.failure(err);
      },
    );
  }, [session, user, store, setLanguage, notify]);

  if (!session) return <Navigate to="/auth/sign-in" replace />;
  if (accessDisabled) return <AccessDisabledPage />;
  if (!user) return loadFailed ? null : <Spinner className="depot-page-spinner" />;
  return <Outlet />;
}

/** A route the user's role may not open shows the 403 page. */
export function RequirePermission({ any, children }: { any: Permission[]; children: ReactNode }) {
  const can = useAtomValue(canAtom);
  return any.some(can) ? children : <ForbiddenPage />;
}
