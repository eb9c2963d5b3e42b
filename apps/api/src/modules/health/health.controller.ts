import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DepotGateway } from '@depot/gateway';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DATABASE_RUNTIME } from '../../core/core.tokens';
import type { DatabaseRuntime } from '../../db/database';
import { EventBus } from '../../events/event-bus';
import { Public } from '../auth/decorators';
import { JobsService } from '../jobs/jobs.service';

export interface HealthReply {
  status: 'ok' | 'degraded';
  roles: string[];
  database: { ok: boolean; mode: 'server' | 'embedded' };
  events: { ok: boolean; kind: string };
  jobs: { ok: boolean; state: string; types: string[] };
  realtime: { ok: boolean; state: 'running' | 'not in this process'; sockets?: number; adapter?: string };
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_RUNTIME) private readonly runtime: DatabaseRuntime,
    private readonly bus: EventBus,
    private readonly jobs: JobsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Liveness and readiness: database, event bus, jobs, realtime. 503 when degraded.',
  })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthReply> {
    const dbOk = await this.runtime.ping();
    const jobs = this.jobs.status();
    const gateway = this.gateway();
    const gatewayStatus = gateway?.status();
    const reply: HealthReply = {
      status: 'ok',
      roles: this.config.roles,
      database: { ok: dbOk, mode: this.runtime.mode },
      events: { ok: this.bus.isHealthy(), kind: this.bus.kind },
      jobs: { ok: jobs.state !== 'stopped', ...jobs },
      realtime: gateway
        ? { ok: !!gatewayStatus && gatewayStatus.adapter !== 'none', state: 'running', ...gatewayStatus }
        : { ok: true, state: 'not in this process' },
    };
    if (!reply.database.ok || !reply.events.ok || !reply.jobs.ok || !reply.realtime.ok) {
      reply.status = 'degraded';
      res.status(503);
    }
    return reply;
  }

  private gateway(): DepotGateway | undefined {
    try {
      return this.moduleRef.get(DepotGateway, { strict: false });
    } catch {
      return undefined;
    }
  }
}
