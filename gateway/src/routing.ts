import { rooms, type DomainEvent, type ServerToClientEvents } from '@depot/contracts';
import { isTerminalName } from '@depot/domain';

/** One socket emit: to these rooms, this event, this payload. */
export type Emit = {
  [E in keyof ServerToClientEvents]: {
    rooms: string[];
    event: E;
    payload: Parameters<ServerToClientEvents[E]>[0];
  };
}[keyof ServerToClientEvents];

/** Internal room of one session's sockets, used to cut them when the session ends. Not joinable. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Internal room of the sockets opened with one API key, used to cut them when the key stops. Not joinable. */
export const apiKeyRoom = (apiKeyId: string) => `apiKey:${apiKeyId}`;

/** Internal room of the sockets opened with one wall-screen link, used to cut them on revoke. Not joinable. */
export const wallScreenRoom = (linkId: string) => `wallScreen:${linkId}`;

/** Which rooms hear a domain event, and as which socket event. Pure, so it is unit-tested. */
export function routeEvent(event: DomainEvent): Emit[] {
  switch (event.type) {
    case 'list.changed':
      return [{ rooms: event.rooms, event: 'list:change', payload: event.change }];
    case 'session.revoked':
      return [
        {
          rooms: event.sessionIds.map(sessionRoom),
          event: 'session:ended',
          payload: { reason: event.reason },
        },
      ];
    case 'apiKey.revoked':
      return [
        {
          rooms: event.apiKeyIds.map(apiKeyRoom),
          event: 'session:ended',
          payload: { reason: event.reason },
        },
      ];
    case 'job.progress':
      return event.userId
        ? [{ rooms: [rooms.user(event.userId)], event: 'job:progress', payload: event.payload }]
        : [];
    case 'job.finished':
      return event.userId
        ? [{ rooms: [rooms.user(event.userId)], event: 'job:finished', payload: event.payload }]
        : [];
    case 'job.failed':
      return event.userId
        ? [{ rooms: [rooms.user(event.userId)], event: 'job:failed', payload: event.payload }]
        : [];
    case 'parcel.created':
      return [
        { rooms: [rooms.client(event.payload.clientId)], event: 'parcel:created', payload: event.payload },
      ];
    case 'parcel.updated':
      return [
        { rooms: [rooms.client(event.payload.clientId)], event: 'parcel:updated', payload: event.payload },
      ];
    case 'parcel.status_changed':
      return [
        {
          rooms: [rooms.client(event.payload.clientId)],
          event: 'parcel:status_changed',
          payload: event.payload,
        },
      ];
    case 'scan.recorded':
      return [
        { rooms: [rooms.terminal(event.payload.terminal)], event: 'scan:recorded', payload: event.payload },
      ];
    case 'wallScreen.revoked':
      return [
        {
          rooms: event.linkIds.map(wallScreenRoom),
          event: 'session:ended',
          payload: { reason: 'revoked' },
        },
      ];
    default:
      // A type this build does not know (e.g. published by a newer instance on the shared bus during a
      // rolling deploy) goes nowhere rather than making the relay throw.
      return [];
  }
}

/** A `wall:since` request as sent: a terminal's name and, when catching up, a seq (a non-negative integer). */
export function wallSinceRequestOf(req: unknown): { terminal: string; afterSeq: number | undefined } | null {
  if (typeof req !== 'object' || req === null) return null;
  const { terminal, afterSeq } = req as Record<string, unknown>;
  if (typeof terminal !== 'string' || !isTerminalName(terminal)) return null;
  if (afterSeq === undefined || afterSeq === null) return { terminal, afterSeq: undefined };
  if (typeof afterSeq !== 'number' || !Number.isSafeInteger(afterSeq) || afterSeq < 0) return null;
  return { terminal, afterSeq };
}
