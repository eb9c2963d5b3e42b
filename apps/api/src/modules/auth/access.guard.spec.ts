import { HttpException, type ExecutionContext } from '@nestjs/common';
import { type ModuleRef, Reflector } from '@nestjs/core';
import { MESSAGES, type Principal } from '@depot/contracts';
import type { AppConfig } from '../../config/config';
import { AccessGuard } from './access.guard';
import type { Authentication, AuthService } from './auth.service';
import { AllowApiKey, AllowWhenAccessDisabled, Public, RequirePermission } from './decorators';
import type { RowOwnersRepository } from './row-owners.repository';

/** Routes with every combination of access metadata the guard reads. */
class Routes {
  @Public()
  open() {}

  noMetadata() {}

  @RequirePermission('users.write')
  usersWrite() {}

  @RequirePermission('users.readAll', 'ownClient.read')
  eitherPermission() {}

  @RequirePermission('account.read')
  account() {}

  @RequirePermission('account.read')
  @AllowWhenAccessDisabled()
  signOut() {}

  @RequirePermission('parcels.read')
  @AllowApiKey()
  parcelsForIntegrators() {}

  @RequirePermission('parcels.read')
  @AllowApiKey()
  @AllowWhenAccessDisabled()
  parcelsAlways() {}
}

@RequirePermission('logs.read')
class AdminOnlyRoutes {
  inherited() {}

  @RequirePermission('account.read')
  overridden() {}

  @Public()
  openAnyway() {}
}

const session = (role: Principal['role'], clientId: string | null = null): Principal => ({
  kind: 'session',
  userId: `user-${role}`,
  role,
  clientId,
  sessionId: `session-${role}`,
  expiresAt: '2030-01-01T00:00:00.000Z',
});
const apiKeyPrincipal: Principal = {
  kind: 'apiKey',
  apiKeyId: 'key-1',
  role: 'user',
  clientId: 'client-1',
  userId: null,
  sessionId: null,
  expiresAt: null,
};

const TOKENS: Record<string, Authentication> = {
  'admin-token': { principal: session('admin'), accessDisabled: false },
  'salesman-token': { principal: session('salesman'), accessDisabled: false },
  'client-token': { principal: session('user', 'client-1'), accessDisabled: false },
  'disabled-token': { principal: session('user', 'client-2'), accessDisabled: true },
};
const API_KEYS: Record<string, Authentication> = {
  'good-key': { principal: apiKeyPrincipal, accessDisabled: false },
  'disabled-key': { principal: apiKeyPrincipal, accessDisabled: true },
};

interface FakeRequest {
  method: string;
  headers: Record<string, string | undefined>;
  cookies?: Record<string, string>;
  principal?: Principal;
}

const config = { corsOrigins: ['https://panel.depot.test'] } as AppConfig;

function setup() {
  const auth = {
    authenticateToken: jest.fn(async (token: string): Promise<Authentication> => TOKENS[token] ?? null),
    authenticateApiKey: jest.fn(async (key: string): Promise<Authentication> => API_KEYS[key] ?? null),
  };
  const owners = { clientIdOf: jest.fn(async () => undefined) };
  const guard = new AccessGuard(
    new Reflector(),
    auth as unknown as AuthService,
    owners as unknown as RowOwnersRepository,
    {} as ModuleRef,
    config,
  );
  return { guard, auth };
}

function context(
  req: FakeRequest,
  handler: string,
  cls: new () => object = Routes,
  type = 'http',
): ExecutionContext {
  const fn = (cls.prototype as Record<string, () => void>)[handler];
  if (!fn) throw new Error(`no handler ${handler}`);
  return {
    getType: () => type,
    getHandler: () => fn,
    getClass: () => cls,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}), getNext: () => undefined }),
  } as unknown as ExecutionContext;
}

const request = (over: Partial<FakeRequest> = {}): FakeRequest => ({
  method: 'GET',
  headers: { host: 'depot.test' },
  ...over,
});
const bearer = (token: string, method = 'GET') =>
  request({ method, headers: { host: 'depot.test', authorization: `Bearer ${token}` } });
const apiKey = (key: string, method = 'GET') =>
  request({ method, headers: { host: 'depot.test', 'x-api-key': key } });
const cookie = (token: string, method: string, origin?: string) =>
  request({ method, headers: { host: 'depot.test', origin }, cookies: { xSessionToken: token } });

/** Runs the guard expecting a refusal; returns the status and body of the HttpException. */
async function refusal(promise: Promise<boolean>) {
  const error: unknown = await promise.then(
    () => new Error('expected the guard to refuse'),
    (e: unknown) => e,
  );
  if (!(error instanceof HttpException)) throw error;
  return { status: error.getStatus(), body: error.getResponse() };
}

const FORBIDDEN = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden } };
const UNAUTHORIZED = {
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.notSignedIn },
};

describe('AccessGuard', () => {
  describe('public routes', () => {
    it('lets a caller without credentials through and asks nobody', async () => {
      const { guard, auth } = setup();
      await expect(guard.canActivate(context(request({ method: 'POST' }), 'open'))).resolves.toBe(true);
      expect(auth.authenticateToken).not.toHaveBeenCalled();
      expect(auth.authenticateApiKey).not.toHaveBeenCalled();
    });

    it('lets a handler marked Public through even when its class needs a permission', async () => {
      const { guard } = setup();
      await expect(guard.canActivate(context(request(), 'openAnyway', AdminOnlyRoutes))).resolves.toBe(true);
    });

    it('does not guard non-HTTP contexts (sockets authenticate at the handshake)', async () => {
      const { guard } = setup();
      await expect(guard.canActivate(context(request(), 'usersWrite', Routes, 'ws'))).resolves.toBe(true);
    });
  });

  describe('authentication', () => {
    it.each([
      ['no credentials at all', request()],
      ['an unknown bearer token', bearer('stolen-token')],
      ['an unknown API key', apiKey('guessed-key')],
      ['an unknown cookie', cookie('old-token', 'GET')],
      ['a non-Bearer Authorization header', request({ headers: { authorization: 'Basic YTpi' } })],
      ['an empty API key header', request({ headers: { 'x-api-key': '' } })],
    ])('refuses %s with 401', async (_label, req) => {
      const { guard } = setup();
      expect(await refusal(guard.canActivate(context(req, 'account')))).toEqual(UNAUTHORIZED);
      expect(req.principal).toBeUndefined();
    });

    it('accepts a bearer token, passes it trimmed, and sets req.principal', async () => {
      const { guard, auth } = setup();
      const req = request({ method: 'POST', headers: { authorization: 'Bearer  admin-token ' } });
      await expect(guard.canActivate(context(req, 'usersWrite'))).resolves.toBe(true);
      expect(auth.authenticateToken).toHaveBeenCalledWith('admin-token');
      expect(req.principal).toEqual(session('admin'));
    });

    it('prefers the bearer token over an API key and a cookie', async () => {
      const { guard, auth } = setup();
      const req = request({
        headers: { authorization: 'Bearer client-token', 'x-api-key': 'good-key' },
        cookies: { xSessionToken: 'admin-token' },
      });
      await expect(guard.canActivate(context(req, 'account'))).resolves.toBe(true);
      expect(auth.authenticateApiKey).not.toHaveBeenCalled();
      expect(req.principal).toEqual(session('user', 'client-1'));
    });
  });

  describe('permissions', () => {
    it('fails closed: a route with no permission metadata is refused even for an admin', async () => {
      const { guard } = setup();
      const req = bearer('admin-token');
      expect(await refusal(guard.canActivate(context(req, 'noMetadata')))).toEqual(FORBIDDEN);
      expect(req.principal).toBeUndefined();
    });

    it.each([
      ['admin-token', 'usersWrite'],
      ['admin-token', 'eitherPermission'],
      ['client-token', 'eitherPermission'],
      ['client-token', 'account'],
      ['salesman-token', 'account'],
    ])('%s may call %s', async (token, handler) => {
      const { guard } = setup();
      await expect(guard.canActivate(context(bearer(token), handler))).resolves.toBe(true);
    });

    it.each([
      ['salesman-token', 'usersWrite'],
      ['client-token', 'usersWrite'],
      ['salesman-token', 'eitherPermission'],
    ])('%s is refused %s with 403: the role lacks the permission', async (token, handler) => {
      const { guard } = setup();
      const req = bearer(token);
      expect(await refusal(guard.canActivate(context(req, handler)))).toEqual(FORBIDDEN);
      expect(req.principal).toBeUndefined();
    });

    it('uses the class permission when the handler has none, and the handler one when it has', async () => {
      const { guard } = setup();
      expect(
        await refusal(guard.canActivate(context(bearer('salesman-token'), 'inherited', AdminOnlyRoutes))),
      ).toEqual(FORBIDDEN);
      await expect(
        guard.canActivate(context(bearer('admin-token'), 'inherited', AdminOnlyRoutes)),
      ).resolves.toBe(true);
      await expect(
        guard.canActivate(context(bearer('salesman-token'), 'overridden', AdminOnlyRoutes)),
      ).resolves.toBe(true);
    });
  });

  describe('clients with access disabled', () => {
    const ACCESS_DISABLED = {
      status: 403,
      body: { statusCode: 403, error: 'AccessDisabled', message: MESSAGES.accessDisabled },
    };

    it('refuses them with error "AccessDisabled", even where the role holds the permission', async () => {
      const { guard } = setup();
      const req = bearer('disabled-token');
      expect(await refusal(guard.canActivate(context(req, 'account')))).toEqual(ACCESS_DISABLED);
      expect(req.principal).toBeUndefined();
    });

    it('lets them reach a route marked AllowWhenAccessDisabled (sign-out)', async () => {
      const { guard } = setup();
      const req = bearer('disabled-token', 'POST');
      await expect(guard.canActivate(context(req, 'signOut'))).resolves.toBe(true);
      expect(req.principal).toEqual(session('user', 'client-2'));
    });

    it('refuses a disabled client API key unless the route allows both', async () => {
      const { guard } = setup();
      expect(
        await refusal(guard.canActivate(context(apiKey('disabled-key'), 'parcelsForIntegrators'))),
      ).toEqual(ACCESS_DISABLED);
      await expect(guard.canActivate(context(apiKey('disabled-key'), 'parcelsAlways'))).resolves.toBe(true);
    });
  });

  describe('API keys', () => {
    it.each(['account', 'signOut', 'usersWrite'])(
      'are refused on %s, which lacks AllowApiKey',
      async (handler) => {
        const { guard } = setup();
        expect(await refusal(guard.canActivate(context(apiKey('good-key'), handler)))).toEqual({
          status: 403,
          body: {
            statusCode: 403,
            error: 'Forbidden',
            message: MESSAGES.sessionOnly,
          },
        });
      },
    );

    it('are accepted on a route with AllowApiKey, and need no Origin on POST', async () => {
      const { guard, auth } = setup();
      const req = apiKey('good-key', 'POST');
      await expect(guard.canActivate(context(req, 'parcelsForIntegrators'))).resolves.toBe(true);
      expect(auth.authenticateApiKey).toHaveBeenCalledWith('good-key');
      expect(req.principal).toEqual(apiKeyPrincipal);
    });
  });

  describe('the session cookie (CSRF)', () => {
    const CROSS_ORIGIN = {
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Cross-origin request refused.' },
    };

    it.each([
      ['POST', undefined],
      ['POST', 'https://evil.example'],
      ['POST', 'https://depot.test.evil.example'],
      ['POST', 'http://depot.test:8080'],
      ['POST', 'null'],
      ['POST', 'not a url'],
      ['PUT', 'https://evil.example'],
      ['PATCH', undefined],
      ['DELETE', undefined],
    ])('refuses a cookie-only %s with Origin %j, before checking the token', async (method, origin) => {
      const { guard, auth } = setup();
      const req = cookie('admin-token', method, origin);
      expect(await refusal(guard.canActivate(context(req, 'account')))).toEqual(CROSS_ORIGIN);
      expect(auth.authenticateToken).not.toHaveBeenCalled();
    });

    it.each([
      ['POST', 'https://depot.test'],
      ['POST', 'http://depot.test'],
      ['PUT', 'https://panel.depot.test'],
      ['DELETE', 'https://depot.test'],
    ])('accepts a cookie-only %s from %s (same host or a configured CORS origin)', async (method, origin) => {
      const { guard, auth } = setup();
      const req = cookie('admin-token', method, origin);
      await expect(guard.canActivate(context(req, 'account'))).resolves.toBe(true);
      expect(auth.authenticateToken).toHaveBeenCalledWith('admin-token');
      expect(req.principal).toEqual(session('admin'));
    });

    it.each(['GET', 'HEAD', 'OPTIONS'])('needs no Origin for a cookie-only %s', async (method) => {
      const { guard } = setup();
      await expect(guard.canActivate(context(cookie('admin-token', method), 'account'))).resolves.toBe(true);
    });

    it('needs no Origin when the token comes in the Authorization header', async () => {
      const { guard } = setup();
      await expect(guard.canActivate(context(bearer('admin-token', 'POST'), 'usersWrite'))).resolves.toBe(
        true,
      );
    });
  });
});
