import { Inject, Optional, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  rooms,
  type ClientToServerEvents,
  type DomainEvent,
  type ServerToClientEvents,
  type SocketPrincipal,
  type SubscribeAck,
  type WallSinceAck,
} from '@depot/contracts';
import { canJoinRoom, defaultRooms, roomOwnerNeeded } from '@depot/domain';
import type { Server, Socket } from 'socket.io';
import { apiKeyRoom, routeEvent, sessionRoom, wallScreenRoom, wallSinceRequestOf } from './routing';
import {
  REALTIME_AUTHENTICATOR,
  REALTIME_EVENTS,
  REALTIME_OWNERS,
  REALTIME_WALL,
  type RealtimeAuthenticator,
  type RealtimeEventSource,
  type RealtimeRoomOwners,
  type RealtimeWallFeed,
} from './tokens';

interface SocketData {
  principal: SocketPrincipal;
  expiryTimer?: NodeJS.Timeout;
}
export type DepotServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type DepotSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The realtime gateway: authenticates every handshake, puts sockets in the rooms their principal may
 * read, and relays domain events from the bus to rooms. Every instance hears every event on the bus,
 * so relays go to this instance's own sockets only (`server.local`).
 */
@WebSocketGateway()
export class DepotGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  @WebSocketServer() server!: DepotServer;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(REALTIME_AUTHENTICATOR) private readonly auth: RealtimeAuthenticator,
    @Inject(REALTIME_EVENTS) private readonly events: RealtimeEventSource,
    @Optional() @Inject(REALTIME_WALL) private readonly wall?: RealtimeWallFeed,
    @Optional() @Inject(REALTIME_OWNERS) private readonly owners?: RealtimeRoomOwners,
  ) {}

  afterInit(server: DepotServer): void {
    server.use((socket, next) => {
      this.auth
        .authenticateHandshake(socket.handshake.auth as Record<string, unknown> | undefined)
        .then((principal) => {
          if (!principal) return next(new Error('Unauthorized'));
          socket.data.principal = principal;
          next();
        })
        .catch(() => next(new Error('Unauthorized')));
    });
    this.unsubscribe = this.events.subscribe((event) => this.relay(event));
  }

  handleConnection(socket: DepotSocket): void {
    const principal = socket.data.principal;
    if (!principal) return void socket.disconnect(true);
    void socket.join(defaultRooms(principal));
    if (principal.kind === 'session') {
      void socket.join(sessionRoom(principal.sessionId));
      const ms = new Date(principal.expiresAt).getTime() - Date.now();
      socket.data.expiryTimer = setTimeout(
        () => {
          socket.emit('session:ended', { reason: 'expired' });
          socket.disconnect(true);
        },
        Math.max(0, Math.min(ms, 2_147_000_000)),
      );
      socket.data.expiryTimer.unref();
    } else if (principal.kind === 'apiKey') {
      void socket.join(apiKeyRoom(principal.apiKeyId));
    } else {
      void socket.join(wallScreenRoom(principal.linkId));
    }
  }

  handleDisconnect(socket: DepotSocket): void {
    if (socket.data.expiryTimer) clearTimeout(socket.data.expiryTimer);
  }

  @SubscribeMessage('subscribe')
  async subscribe(
    @ConnectedSocket() socket: DepotSocket,
    @MessageBody() room: unknown,
  ): Promise<SubscribeAck> {
    if (typeof room !== 'string') return { ok: false, error: 'Forbidden' };
    const principal = socket.data.principal;
    const owned = roomOwnerNeeded(principal, room);
    const owner = owned ? await this.ownerOf(owned.kind, owned.id) : undefined;
    if (!canJoinRoom(principal, room, owner)) return { ok: false, error: 'Forbidden' };
    await socket.join(room);
    return { ok: true };
  }

  /** The client of a record a room carries; a lookup that fails refuses (as an unknown record does). */
  private async ownerOf(kind: 'import', id: string): Promise<string | null | undefined> {
    try {
      return await this.owners?.clientIdOf(kind, id);
    } catch {
      return undefined;
    }
  }

  @SubscribeMessage('unsubscribe')
  async leave(@ConnectedSocket() socket: DepotSocket, @MessageBody() room: unknown): Promise<SubscribeAck> {
    if (typeof room !== 'string') return { ok: false, error: 'Bad room' };
    await socket.leave(room);
    return { ok: true };
  }

  /**
   * A wall screen's load and catch-up (decision 0129): the scans of a terminal the socket may follow, after the last
   * seq it saw. Over the socket because the REST API never takes a wall token; a wall screen asks for its own
   * terminal only.
   */
  @SubscribeMessage('wall:since')
  async wallSince(
    @ConnectedSocket() socket: DepotSocket,
    @MessageBody() req: unknown,
  ): Promise<WallSinceAck> {
    const asked = wallSinceRequestOf(req);
    if (!asked) return { ok: false, error: 'Bad request' };
    if (!canJoinRoom(socket.data.principal, rooms.terminal(asked.terminal)))
      return { ok: false, error: 'Forbidden' };
    if (!this.wall) return { ok: false, error: 'Unavailable' };
    try {
      return await this.wall.scansSince(asked.terminal, asked.afterSeq);
    } catch {
      return { ok: false, error: 'Unavailable' };
    }
  }

  /** Connected sockets on this instance. */
  status(): { sockets: number; adapter: string } {
    return {
      sockets: this.server?.engine?.clientsCount ?? 0,
      adapter: this.server?.of('/').adapter.constructor.name ?? 'none',
    };
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private relay(event: DomainEvent): void {
    if (!this.server) return;
    for (const emit of routeEvent(event)) {
      if (emit.rooms.length === 0) continue;
      const target = this.server.local.to(emit.rooms);
      (target.emit as (ev: string, payload: unknown) => boolean)(emit.event, emit.payload);
    }
    // An empty room list would mean every socket of this instance: never disconnect on an empty list.
    if (event.type === 'session.revoked' && event.sessionIds.length > 0) {
      this.server.local.in(event.sessionIds.map(sessionRoom)).disconnectSockets(true);
    }
    if (event.type === 'apiKey.revoked' && event.apiKeyIds.length > 0) {
      this.server.local.in(event.apiKeyIds.map(apiKeyRoom)).disconnectSockets(true);
    }
    if (event.type === 'wallScreen.revoked' && event.linkIds.length > 0) {
      this.server.local.in(event.linkIds.map(wallScreenRoom)).disconnectSockets(true);
    }
  }
}
