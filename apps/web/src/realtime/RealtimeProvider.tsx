import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { forgetSession } from '../session/useSessionActions';
import { sessionAtom } from '../session/session';
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
        onSessionEnded: () => {
          // Signed out elsewhere, password changed, expired or refused: back to sign-in.
          forgetSession(store);
          window.location.assign('/auth/sign-in');
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
