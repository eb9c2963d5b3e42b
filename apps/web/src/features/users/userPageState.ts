import { useLocation } from 'react-router';

/**
 * What a page that opens the user form hands it through the router's history state: where to return after saving
 * (a client's page, decision 0112), and the client a new user belongs to. Anything else in the state is ignored.
 */
export interface UserPageState {
  back?: string;
  client?: { id: string; name: string };
}

const CLIENT_PAGE = /^\/administration\/clients\/edit\/[0-9a-f-]{36}$/;

/** The client's page that lists a client's logins. */
export const clientPagePath = (clientId: string) => `/administration/clients/edit/${clientId}`;

/** The state a client's page hands the user form. */
export const fromClientPage = (client: { id: string; name: string }): UserPageState => ({
  back: clientPagePath(client.id),
  client,
});

/** The user form's state from the page that opened it, or nothing. */
export function useUserPageState(): UserPageState {
  const state: unknown = useLocation().state;
  if (typeof state !== 'object' || state === null) return {};
  const { back, client } = state as Record<string, unknown>;
  const c = client as Record<string, unknown> | null | undefined;
  return {
    back: typeof back === 'string' && CLIENT_PAGE.test(back) ? back : undefined,
    client:
      c && typeof c.id === 'string' && typeof c.name === 'string' ? { id: c.id, name: c.name } : undefined,
  };
}
