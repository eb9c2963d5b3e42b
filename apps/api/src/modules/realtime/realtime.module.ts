import { Module } from '@nestjs/common';
import { DepotGateway, REALTIME_AUTHENTICATOR, REALTIME_EVENTS, REALTIME_WALL } from '@depot/gateway';
import { EventBus } from '../../events/event-bus';
import { SocketAuthenticator } from '../wall-screens/socket-authenticator';
import { WallFeed } from '../wall-screens/wall-feed';
import { WallScreensRealtimeModule } from '../wall-screens/wall-screens.module';

/**
 * The Socket.IO gateway (gateway role), wired to this process's authentication (sessions, API keys and wall-screen
 * links, decision 0129), its event bus, and the wall screens' scans feed.
 */
@Module({
  imports: [WallScreensRealtimeModule],
  providers: [
    DepotGateway,
    { provide: REALTIME_AUTHENTICATOR, useExisting: SocketAuthenticator },
    { provide: REALTIME_EVENTS, useExisting: EventBus },
    { provide: REALTIME_WALL, useExisting: WallFeed },
  ],
  exports: [DepotGateway],
})
export class RealtimeModule {}
