import type { DomainEvent, Principal } from '@depot/contracts';

/** Checks a socket handshake's `auth` (`{ token }` or `{ apiKey }`); null refuses the connection. */
export interface RealtimeAuthenticator {
  authenticateHandshake(auth: Record<string, unknown> | undefined): Promise<Principal | null>;
}

/** Where the gateway hears domain events (the api's event bus). */
export interface RealtimeEventSource {
  subscribe(handler: (event: DomainEvent) => void | Promise<void>): () => void;
}

export const REALTIME_AUTHENTICATOR = Symbol('REALTIME_AUTHENTICATOR');
export const REALTIME_EVENTS = Symbol('REALTIME_EVENTS');
