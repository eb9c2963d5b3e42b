import { Module } from '@nestjs/common';
import { ScansRepository } from '../scans/scans.repository';
import { SocketAuthenticator } from './socket-authenticator';
import { WallFeed } from './wall-feed';
import { WallScreensController } from './wall-screens.controller';
import { WallScreensRepository } from './wall-screens.repository';
import { WallScreensService } from './wall-screens.service';

/** Wall-screen links over REST (api role): issue, list, revoke (decision 0129). */
@Module({
  controllers: [WallScreensController],
  providers: [WallScreensService, WallScreensRepository],
})
export class WallScreensModule {}

/**
 * What the socket gateway needs of wall screens (gateway role, with or without the api role): the handshake that
 * knows wall-screen tokens and the scans feed of `wall:since`. No controllers, so nothing here is reachable by REST.
 */
@Module({
  providers: [WallScreensRepository, ScansRepository, WallFeed, SocketAuthenticator],
  exports: [WallFeed, SocketAuthenticator],
})
export class WallScreensRealtimeModule {}
