import { Controller, Req, Res } from '@nestjs/common';
import { contract, RATE_LIMIT_HEADERS, type Principal } from '@depot/contracts';
import type { Request, Response } from 'express';
import { retryAfterOf } from '../../common/errors';
import { ContractInput, ContractRoute, type RouteInput } from '../../common/contract-route';
import { AuthService } from './auth.service';
import { CurrentPrincipal } from './decorators';

const routes = contract.auth;

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ContractRoute(routes.signIn)
  async signIn(
    @ContractInput() { body }: RouteInput<typeof routes.signIn>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    try {
      return await this.auth.signIn(body.email, body.password, {
        ip: req.ip ?? 'unknown',
        userAgent: req.headers['user-agent'] ?? null,
      });
    } catch (err) {
      // Too many failed attempts: the 429 says how long to wait in Retry-After too, like the API-key limit.
      const seconds = retryAfterOf(err);
      if (seconds !== undefined) res.setHeader(RATE_LIMIT_HEADERS.retryAfter, String(seconds));
      throw err;
    }
  }

  @ContractRoute(routes.signOut)
  async signOut(@CurrentPrincipal() principal: Principal) {
    await this.auth.signOut(principal);
    return { message: 'Signed out.' };
  }
}
