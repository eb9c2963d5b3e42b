import { Controller, Req, Res } from '@nestjs/common';
import { contract, STAFF_ROLES, type HealthReply } from '@depot/contracts';
import type { Request, Response } from 'express';
import { ContractRoute } from '../../common/contract-route';
import { AuthService } from '../auth/auth.service';
import { HealthService } from './health.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly auth: AuthService,
  ) {}

  @ContractRoute(contract.health.get)
  async get(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<HealthReply> {
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
