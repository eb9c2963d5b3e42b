import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Permission, Principal } from '@depot/contracts';

export const PUBLIC_KEY = 'depot:public';
export const PERMISSIONS_KEY = 'depot:permissions';
export const API_KEY_ALLOWED_KEY = 'depot:apiKeyAllowed';
export const WHEN_ACCESS_DISABLED_KEY = 'depot:whenAccessDisabled';

/** No credentials needed (sign-in, health). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The caller's role must hold at least one of these permissions (docs/permissions.md). */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) =>
  SetMetadata(PERMISSIONS_KEY, permissions);

/** Integrators' API keys may call this route too (otherwise only signed-in users may). */
export const AllowApiKey = () => SetMetadata(API_KEY_ALLOWED_KEY, true);

/** Still reachable for a user whose client has disableAccess (sign-out). */
export const AllowWhenAccessDisabled = () => SetMetadata(WHEN_ACCESS_DISABLED_KEY, true);

/** The authenticated caller, set by the AccessGuard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ principal: Principal }>().principal;
});

/** The caller as a signed-in user (routes that refuse API keys). */
export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;
