import { Injectable } from '@nestjs/common';
import type { SocketPrincipal } from '@depot/contracts';
import type { RealtimeAuthenticator } from '@depot/gateway';
import { AuthService } from '../auth/auth.service';
import { sha256 } from '../auth/tokens';
import { WallScreensRepository } from './wall-screens.repository';

/**
 * The socket handshake (decision 0129): `{ token }` and `{ apiKey }` as the REST API checks them (AuthService), and
 * `{ wallScreen }`, a wall-screen link's token, which only sockets take: it makes a wall-screen principal, which reads
 * its terminal's room and nothing else. A handshake carrying several kinds is refused.
 */
@Injectable()
export class SocketAuthenticator implements RealtimeAuthenticator {
  constructor(
    private readonly auth: AuthService,
    private readonly links: WallScreensRepository,
  ) {}

  async authenticateHandshake(auth: Record<string, unknown> | undefined): Promise<SocketPrincipal | null> {
    if (auth?.wallScreen === undefined) return this.auth.authenticateHandshake(auth);
    if (typeof auth.wallScreen !== 'string' || auth.token !== undefined || auth.apiKey !== undefined)
      return null;
    if (auth.wallScreen.length === 0 || auth.wallScreen.length > 200) return null;
    const link = await this.links.findActiveByTokenHash(sha256(auth.wallScreen));
    if (!link) return null;
    void this.links.touch(link.id).catch(() => undefined);
    return {
      kind: 'wallScreen',
      linkId: link.id,
      terminal: link.terminal,
      role: null,
      userId: null,
      clientId: null,
      sessionId: null,
      expiresAt: null,
    };
  }
}
