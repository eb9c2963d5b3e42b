import type { DomainEvent, SocketPrincipal, WallSinceAck } from '@depot/contracts';

/**
 * Checks a socket handshake's `auth` (`{ token }`, `{ apiKey }` or `{ wallScreen }`); null refuses the connection.
 * A wall screen's principal exists only here (decision 0129): the REST API never sees one.
 */
export interface RealtimeAuthenticator {
  authenticateHandshake(auth: Record<string, unknown> | undefined): Promise<SocketPrincipal | null>;
}

/** Where the gateway hears domain events (the api's event bus). */
export interface RealtimeEventSource {
  subscribe(handler: (event: DomainEvent) => void | Promise<void>): () => void;
}

/** The scans a wall screen loads and catches up with (`wall:since`), read by the api's scans. */
export interface RealtimeWallFeed {
  /** Without `afterSeq`: the latest scans and the Warsaw day's counts; with it: the scans after it, oldest first. */
  scansSince(terminal: string, afterSeq: number | undefined): Promise<Extract<WallSinceAck, { ok: true }>>;
}

/**
 * Who owns a record a room carries (decision 0153): the client of an import, so a client's user may join the room of
 * its own client's import only. Undefined when there is no such record.
 */
export interface RealtimeRoomOwners {
  clientIdOf(kind: 'import', id: string): Promise<string | null | undefined>;
}

export const REALTIME_AUTHENTICATOR = Symbol('REALTIME_AUTHENTICATOR');
export const REALTIME_EVENTS = Symbol('REALTIME_EVENTS');
export const REALTIME_WALL = Symbol('REALTIME_WALL');
export const REALTIME_OWNERS = Symbol('REALTIME_OWNERS');
