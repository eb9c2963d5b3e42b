import { createParamDecorator, SetMetadata, type ExecutionContext, type Type } from '@nestjs/common';
import type { Permission, Principal, RouteMeta } from '@depot/contracts';

export const PUBLIC_KEY = 'depot:public';
export const PERMISSIONS_KEY = 'depot:permissions';
export const API_KEY_ALLOWED_KEY = 'depot:apiKeyAllowed';
export const WHEN_ACCESS_DISABLED_KEY = 'depot:whenAccessDisabled';
export const OWNED_ROW_KEY = 'depot:ownedRow';
export const CHECK_FIRST_KEY = 'depot:checkFirst';

/** A path parameter that names a row one client owns (the contract names the kinds; their tables are in row-owners.repository.ts). */
export type OwnedRowSpec = NonNullable<RouteMeta['ownedRow']>;

/** No credentials needed (sign-in, health). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The caller's role must hold at least one of these permissions (docs/permissions.md). */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) =>
  SetMetadata(PERMISSIONS_KEY, permissions);

/** Integrators' API keys may call this route too (otherwise only signed-in users may). */
export const AllowApiKey = () => SetMetadata(API_KEY_ALLOWED_KEY, true);

/** Still reachable for a user whose client has disableAccess (sign-out). */
export const AllowWhenAccessDisabled = () => SetMetadata(WHEN_ACCESS_DISABLED_KEY, true);

/**
 * The route acts on a row one client owns, named by `param`: the guard answers a client user (or API key) whose
 * client does not own it with 404 `notFound` before the body is read (issue 11); staff pass to the service.
 */
export const OwnedRow = (kind: OwnedRowSpec['kind'], param: string, notFound: string) =>
  SetMetadata(OWNED_ROW_KEY, { kind, param, notFound } satisfies OwnedRowSpec);

/** A service's own access rule that the guard runs before the body is read (see `CheckFirst`). */
export interface CheckFirstSpec<T = unknown> {
  provider: Type<T>;
  check: (service: T, principal: Principal, params: Record<string, string>) => void | Promise<void>;
}

/**
 * When who may call a route depends on its path (e.g. which list an export reads), the service's rule runs in the
 * guard, so a caller who may not call it hears 403/404 before anything looks at its body (issue 11).
 */
export const CheckFirst = <T>(provider: Type<T>, check: CheckFirstSpec<T>['check']) =>
  SetMetadata(CHECK_FIRST_KEY, { provider, check } as CheckFirstSpec);

/** The authenticated caller, set by the AccessGuard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ principal: Principal }>().principal;
});

/** The caller as a signed-in user (routes that refuse API keys). */
export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;
