import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { forgetSession, loadCurrentUser } from '../session/useSessionActions';
import { accessDisabledAtom, sessionAtom } from '../session/session';
import { RealtimeClient, type ConnectionState } from './socket';

export const connectionStateAtom = atom<ConnectionState>('connecting');

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The tab's one live connection, opened while a session exists. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const setState = useSetAtom(connectionStateAtom);
  const store = useStore();
  const [client] = useState(
    () =>
      new RealtimeClient({
        onState: (s) => store.set(connectionStateAtom, s),
        onSessionEnded: (reason) => {
          // A client whose access was disabled keeps its session but sees only the access-disabled page.
          if (reason === 'accessDisabled') return void store.set(accessDisabledAtom, true);
          const end = () => {
            // Signed out elsewhere, password changed, expired or refused: back to sign-in.
            forgetSession(store);
            window.location.assign('/auth/sign-in');
          };
          if (reason !== 'refused') return end();
          // The handshake of an access-disabled client is refused too, while its session still stands. Only the
          // server's word ends the session: a check that fails on its way (offline, or cut short by the tab loading
          // another page) leaves it, and the next call finds out.
          loadCurrentUser(store).then(
            (user) => {
              if (user) end();
            },
            (err: unknown) => {
              if (err instanceof ApiError && err.status === 401) end();
            },
          );
        },
      }),
  );
  const token = session?.token;

  // Rooms joined and handlers added before the connection opens are kept and applied on connect.
  useEffect(() => {
    if (!token) return undefined;
    setState('connecting');
    client.connect();
    return () => client.disconnect();
  }, [token, client, setState]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export const useRealtime = () => useContext(RealtimeContext);
