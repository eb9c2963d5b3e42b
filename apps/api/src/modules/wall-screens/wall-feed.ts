import { Injectable } from '@nestjs/common';
import { WALL_RECENT, WALL_SINCE_MAX, warsawDay, type WallSinceAck } from '@depot/contracts';
import type { RealtimeWallFeed } from '@depot/gateway';
import { ScansRepository } from '../scans/scans.repository';
import { WallScreensRepository } from './wall-screens.repository';

/**
 * What a wall screen loads and catches up with over its socket (`wall:since`, decision 0129): first the latest scans
 * and the Warsaw day's counts; after a reconnect, every scan after the last seq it saw, in pages of WALL_SINCE_MAX.
 */
@Injectable()
export class WallFeed implements RealtimeWallFeed {
  constructor(
    private readonly scans: ScansRepository,
    private readonly links: WallScreensRepository,
  ) {}

  async scansSince(
    terminal: string,
    afterSeq: number | undefined,
  ): Promise<Extract<WallSinceAck, { ok: true }>> {
    if (afterSeq === undefined) {
      const latest = await this.scans.recent(terminal, undefined, WALL_RECENT);
      const counts = await this.links.countsOfDay(terminal, warsawDay(new Date()));
      return { ok: true, terminal, scans: latest.reverse(), more: false, counts };
    }
    const page = await this.scans.recent(terminal, afterSeq, WALL_SINCE_MAX + 1);
    return {
      ok: true,
      terminal,
      scans: page.slice(0, WALL_SINCE_MAX),
      more: page.length > WALL_SINCE_MAX,
    };
  }
}
