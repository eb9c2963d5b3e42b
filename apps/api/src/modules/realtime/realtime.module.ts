import { Module } from '@nestjs/common';
import { DepotGateway, REALTIME_AUTHENTICATOR, REALTIME_EVENTS } from '@depot/gateway';
import { EventBus } from '../../events/event-bus';
import { AuthService } from '../auth/auth.service';

/** The Socket.IO gateway (gateway role), wired to this process's authentication and event bus. */
@Module({
  providers: [
    DepotGateway,
    { provide: REALTIME_AUTHENTICATOR, useExisting: AuthService },
    { provide: REALTIME_EVENTS, useExisting: EventBus },
  ],
  exports: [DepotGateway],
})
export class RealtimeModule {}
