import type { ClientToServerEvents, ServerToClientEvents, SessionEndReason } from '@depot/contracts';
import type { io as connectIo, Socket } from 'socket.io-client';
import { readToken } from '../session/cookie';

export type ConnectionState = 'connecting' | 'live' | 'interrupted';
type DepotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Hooks {
  onState(state: ConnectionState): void;
  onSessionEnded(reason: SessionEndReason | 'refused'): void;
}

/**
 * The tab's one Socket.IO connection, authenticated with the session token. It reconnects with backoff
 * (1 s doubling to 15 s), re-joins the rooms it had after a reconnect, and tells listeners to resync.
 */
export class RealtimeClient {
  private socket: DepotSocket | undefined;
  private readonly rooms = new Map<string, number>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<(payload: never) => void>>();
  private everConnected = false;
  /** Counts connect/disconnect calls, so a connection whose library arrives after a disconnect is not opened. */
  private generation = 0;

  constructor(private readonly hooks: Hooks) {}

  connect(): void {
    if (this.socket) return;
    const generation = ++this.generation;
    this.hooks.onState('connecting');
    // socket.io-client comes with the first connection, not with the sign-in page (decision 0125).
    void import('socket.io-client').then(({ io }) => {
      if (generation === this.generation && !this.socket) this.open(io);
    });
  }

  private open(io: typeof connectIo): void {
    const socket: DepotSocket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: (cb) => cb({ token: readToken() ?? '' }),
      reconnectionDelay: 1000,
      reconnectionDelayMax: 15_000,
      randomizationFactor: 0.3,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.hooks.onState('live');
      for (const room of this.rooms.keys()) socket.emit('subscribe', room, () => undefined);
      if (this.everConnected) for (const l of this.resyncListeners) l();
      this.everConnected = true;
    });
    socket.on('disconnect', () => this.hooks.onState('interrupted'));
    socket.on('connect_error', (err) => {
      this.hooks.onState('interrupted');
      // The server refuses a handshake whose session is gone; socket.io then stops retrying.
      if (err.message === 'Unauthorized' && !socket.active) this.hooks.onSessionEnded('refused');
    });
    socket.on('session:ended', ({ reason }) => this.hooks.onSessionEnded(reason));
    socket.onAny((event: string, payload: unknown) => {
      for (const h of this.handlers.get(event) ?? []) h(payload as never);
    });
  }

  disconnect(): void {
    this.generation++;
    this.socket?.disconnect();
    this.socket = undefined;
    this.everConnected = false;
  }

  /** Joins a room (counted, so several views may share one); returns the leave function. */
  join(room: string): () => void {
    const n = this.rooms.get(room) ?? 0;
    this.rooms.set(room, n + 1);
    if (n === 0 && this.socket?.connected) this.socket.emit('subscribe', room, () => undefined);
    return () => {
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) return void this.rooms.set(room, left);
      this.rooms.delete(room);
      if (this.socket?.connected) this.socket.emit('unsubscribe', room, () => undefined);
    };
  }

  /** Listens to a server event; works before and across (re)connections. */
  on<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => void set.delete(handler as (payload: never) => void);
  }

  /** Called after every reconnect: visible lists refetch what they may have missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => void this.resyncListeners.delete(listener);
  }
}
