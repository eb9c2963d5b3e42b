import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_ROLES } from '@depot/contracts';
import type { Request, Response } from 'express';
import { Public } from '../auth/decorators';
import { AuthService } from '../auth/auth.service';
import { HealthService, type HealthReport } from './health.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly auth: AuthService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary:
      'Liveness and readiness: database, the sign-in path, event bus, jobs, realtime. 503 when degraded. ' +
      'Anonymous callers get only the status; staff (Bearer token) and localhost get the details.',
  })
  async get(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HealthReport | Pick<HealthReport, 'status'>> {
    const report = await this.health.check();
    if (report.status !== 'ok') res.status(503);
    return (await this.mayReadDetails(req)) ? report : { status: report.status };
  }

  private async mayReadDetails(req: Request): Promise<boolean> {
    if (LOOPBACK.has(req.ip ?? '')) return true;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return false;
    const found = await this.auth.authenticateToken(header.slice(7).trim()).catch(() => null);
    return !!found && (STAFF_ROLES as readonly string[]).includes(found.principal.role);
  }
}
