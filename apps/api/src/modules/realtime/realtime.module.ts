import { Module } from '@nestjs/common';
import {
  DepotGateway,
  REALTIME_AUTHENTICATOR,
  REALTIME_EVENTS,
  REALTIME_OWNERS,
  REALTIME_WALL,
} from '@depot/gateway';
import { EventBus } from '../../events/event-bus';
import { RowOwnersRepository } from '../auth/row-owners.repository';
import { SocketAuthenticator } from '../wall-screens/socket-authenticator';
import { WallFeed } from '../wall-screens/wall-feed';
import { WallScreensRealtimeModule } from '../wall-screens/wall-screens.module';

/**
 * The Socket.IO gateway (gateway role), wired to this process's authentication (sessions, API keys and wall-screen
 * links, decision 0129), its event bus, the wall screens' scans feed, and who owns the records rooms carry (0153).
 */
@Module({
  imports: [WallScreensRealtimeModule],
  providers: [
    DepotGateway,
    { provide: REALTIME_AUTHENTICATOR, useExisting: SocketAuthenticator },
    { provide: REALTIME_EVENTS, useExisting: EventBus },
    { provide: REALTIME_WALL, useExisting: WallFeed },
    { provide: REALTIME_OWNERS, useExisting: RowOwnersRepository },
  ],
  exports: [DepotGateway],
})
export class RealtimeModule {}
