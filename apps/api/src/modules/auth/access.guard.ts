import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  API_KEY_HEADER,
  can,
  MESSAGES,
  SESSION_COOKIE,
  type Permission,
  type Principal,
} from '@depot/contracts';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Errors } from '../../common/errors';
import { AuthService } from './auth.service';
import { API_KEY_ALLOWED_KEY, PERMISSIONS_KEY, PUBLIC_KEY, WHEN_ACCESS_DISABLED_KEY } from './decorators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one guard every route passes. It authenticates the caller (Bearer token, the xSessionToken
 * cookie, or X-Api-Key), refuses disabled clients, and checks the route's permission against the
 * matrix in libs/contracts. A route without a permission is refused: access is never open by omission.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
    const authentication = await this.authenticate(req);
    if (!authentication) throw Errors.unauthorized();
    const { principal, accessDisabled } = authentication;

    if (accessDisabled && !this.reflector.getAllAndOverride<boolean>(WHEN_ACCESS_DISABLED_KEY, targets)) {
      throw Errors.accessDisabled();
    }
    if (
      principal.kind === 'apiKey' &&
      !this.reflector.getAllAndOverride<boolean>(API_KEY_ALLOWED_KEY, targets)
    ) {
      throw Errors.forbidden(MESSAGES.sessionOnly);
    }
    const needed = this.reflector.getAllAndOverride<Permission[] | undefined>(PERMISSIONS_KEY, targets);
    if (!needed || !needed.some((p) => can(principal.role, p))) throw Errors.forbidden();

    req.principal = principal;
    return true;
  }

  private async authenticate(req: Request) {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) return this.auth.authenticateToken(header.slice(7).trim());
    const apiKey = req.headers[API_KEY_HEADER];
    if (typeof apiKey === 'string' && apiKey) return this.auth.authenticateApiKey(apiKey);
    const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (cookie) {
      // A state-changing call carried by the cookie alone must come from our own origin (CSRF).
      if (!SAFE_METHODS.has(req.method) && !this.sameOrigin(req)) {
        throw Errors.forbidden('Cross-origin request refused.');
      }
      return this.auth.authenticateToken(cookie);
    }
    return null;
  }

  private sameOrigin(req: Request): boolean {
    const origin = req.headers.origin;
    if (!origin) return false;
    if (this.config.corsOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }
}
