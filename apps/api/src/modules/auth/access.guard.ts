import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
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
import { isUuid } from '../../common/pipes';
import { AuthService } from './auth.service';
import {
  API_KEY_ALLOWED_KEY,
  CHECK_FIRST_KEY,
  OWNED_ROW_KEY,
  PERMISSIONS_KEY,
  PUBLIC_KEY,
  WHEN_ACCESS_DISABLED_KEY,
  type CheckFirstSpec,
  type OwnedRowSpec,
} from './decorators';
import { RowOwnersRepository } from './row-owners.repository';

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
    private readonly owners: RowOwnersRepository,
    private readonly moduleRef: ModuleRef,
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
    const owned = this.reflector.get<OwnedRowSpec | undefined>(OWNED_ROW_KEY, ctx.getHandler());
    if (owned && principal.clientId) await this.assertOwned(owned, req, principal.clientId);
    const first = this.reflector.get<CheckFirstSpec | undefined>(CHECK_FIRST_KEY, ctx.getHandler());
    if (first) {
      const service = this.moduleRef.get(first.provider, { strict: false });
      await first.check(service, principal, req.params as Record<string, string>);
    }

    req.principal = principal;
    return true;
  }

  /** Another client's row (or none) reads as not found, before anything looks at the body. */
  private async assertOwned(owned: OwnedRowSpec, req: Request, clientId: string): Promise<void> {
    const id = (req.params as Record<string, string | undefined>)[owned.param];
    if (!isUuid(id) || (await this.owners.clientIdOf(owned.kind, id)) !== clientId) {
      throw Errors.notFound(owned.notFound);
    }
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
