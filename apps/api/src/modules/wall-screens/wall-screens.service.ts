import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  WALL_SCREEN_LIST_MAX,
  WALL_TOKEN_PREFIX,
  type CreatedWallScreenLink,
  type Principal,
  type WallScreenLinkView,
  type createWallScreenLinkSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { newSecret, sha256 } from '../auth/tokens';
import { WallScreensRepository } from './wall-screens.repository';

type CreateLink = z.output<typeof createWallScreenLinkSchema>;

/** A new wall-screen token: recognisable by its prefix, 32 random bytes. */
export const newWallToken = (): string => `${WALL_TOKEN_PREFIX}${newSecret()}`;

/**
 * Wall-screen links (issue 14 item 5, decision 0129). The token is made here, returned once by `create`, kept only as
 * its SHA-256. Revoking cuts the link's sockets at once (after the commit).
 */
@Injectable()
export class WallScreensService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: WallScreensRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  async list(): Promise<{ items: WallScreenLinkView[] }> {
    return { items: await this.repo.list(WALL_SCREEN_LIST_MAX) };
  }

  async create(principal: Principal, body: CreateLink): Promise<CreatedWallScreenLink> {
    const token = newWallToken();
    const link = await this.transactions.run(async () => {
      const id = await this.repo.insert({
        terminal: body.terminal,
        name: body.name,
        tokenHash: sha256(token),
        createdById: principal.userId,
      });
      await this.audit.record(principal, {
        type: 'wallScreen.create',
        entity: 'wallScreen',
        entityId: id,
        after: { terminal: body.terminal, name: body.name },
      });
      return (await this.repo.findById(id))!;
    });
    return { ...link, token };
  }

  /** Revokes a link and cuts its screens; a link revoked already is answered as it is. */
  async revoke(principal: Principal, id: string): Promise<WallScreenLinkView> {
    const { link, revoked } = await this.transactions.run(async () => {
      const revoked = await this.repo.revoke(id);
      const link = await this.repo.findById(id);
      if (!link) throw Errors.notFound(MESSAGES.wallScreenNotFound);
      if (revoked)
        await this.audit.record(principal, {
          type: 'wallScreen.revoke',
          entity: 'wallScreen',
          entityId: id,
          details: { terminal: link.terminal, name: link.name },
        });
      return { link, revoked };
    });
    if (revoked) await this.bus.publish({ type: 'wallScreen.revoked', linkIds: [id] });
    return link;
  }
}
