import { RequestMethod, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { contract, PERMISSION_NAMES } from '@depot/contracts';
import { isContractProcedure, type AnyContractProcedure } from '@orpc/contract';
import { CONTRACT_KEY } from './common/contract-route';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AuthController } from './modules/auth/auth.controller';
import {
  AllowApiKey,
  API_KEY_ALLOWED_KEY,
  PERMISSIONS_KEY,
  PUBLIC_KEY,
  Public,
  RequirePermission,
} from './modules/auth/decorators';
import { EXTERNAL_API_KEY, IDEMPOTENT_KEY } from './modules/external-api/decorators';
import { HealthController } from './modules/health/health.controller';
import { UsersController } from './modules/users/users.controller';
import { ClientsController } from './modules/clients/clients.controller';
import { ApiKeysController } from './modules/api-keys/api-keys.controller';
import { IntegrationsController } from './modules/integrations/integrations.controller';
import { ClientGroupsController } from './modules/client-groups/client-groups.controller';
import { SectorsController } from './modules/sectors/sectors.controller';
import { StatusMapController } from './modules/status-map/status-map.controller';
import { StatusRefreshController } from './modules/status-refresh/status-refresh.controller';
import { ParcelRegistrationController } from './modules/parcel-registration/parcel-registration.controller';
import { ImportsController } from './modules/imports/imports.controller';
import { ImportPresetsController } from './modules/imports/presets/import-presets.controller';
import { WeightsController } from './modules/weights/weights.controller';
import { ConsolidationsController } from './modules/consolidations/consolidations.controller';
import { ScansController } from './modules/scans/scans.controller';
import { LogsController } from './modules/logs/logs.controller';
import { MatricesController } from './modules/matrices/matrices.controller';
import { OperatorsController } from './modules/operators/operators.controller';
import { OperatorServicesController } from './modules/operators/operator-services.controller';
import { ExportsController } from './modules/exports/exports.controller';
import { ParcelsController } from './modules/parcels/parcels.controller';
import { ParcelSelectionController } from './modules/parcels/list/parcel-selection.controller';
import { ParcelFormController } from './modules/parcels/create/parcel-form.controller';
import { ParcelGenerationController } from './modules/parcels/create/parcel-generation.controller';
import { LabelsController } from './modules/labels/labels.controller';
import { DashboardController } from './modules/dashboard/dashboard.controller';
import { JobsController } from './modules/jobs/jobs.controller';
import { WallScreensController } from './modules/wall-screens/wall-screens.controller';
import { WebhooksController } from './modules/webhooks/webhooks.controller';

// Loading the controllers loads every module they import. These libraries are used only inside handlers and jobs,
// never by a decorator or at load time, and loading them was about a fifth of this suite's time: stand-ins here.
// (A controller that used one at load time would fail to load, failing this suite, not pass it.)
jest.mock('exceljs', () => ({}));
jest.mock('pdfkit', () => ({}));
jest.mock('pdf-lib', () => ({}));
jest.mock('bwip-js', () => ({}));
jest.mock('agenda', () => ({}));
jest.mock('@agendajs/postgres-backend', () => ({}));

/**
 * Every controller of the API. A NEW CONTROLLER MUST BE ADDED HERE, so that its routes are checked
 * for access metadata (the last test below fails when a *.controller.ts file holds one that is missing).
 */
const CONTROLLERS: Type[] = [
  AuthController,
  UsersController,
  ClientsController,
  HealthController,
  ClientGroupsController,
  SectorsController,
  StatusMapController,
  StatusRefreshController,
  ParcelRegistrationController,
  ImportsController,
  ImportPresetsController,
  WeightsController,
  ConsolidationsController,
  ScansController,
  LogsController,
  ApiKeysController,
  IntegrationsController,
  MatricesController,
  OperatorsController,
  OperatorServicesController,
  ExportsController,
  LabelsController,
  JobsController,
  ParcelsController,
  ParcelSelectionController,
  ParcelFormController,
  ParcelGenerationController,
  DashboardController,
  WallScreensController,
  WebhooksController,
];

// Metadata keys Nest's own decorators write (@nestjs/common constants, not exported from the package root).
const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';
const CONTROLLER_WATERMARK = '__controller__';

interface Route {
  controller: string;
  handler: string;
  route: string;
  isPublic: boolean;
  permissions: string[] | undefined;
  /** Part of the integrators' API (@ExternalApi). */
  externalApi: boolean;
  /** API keys may call it (@AllowApiKey, which @ExternalApi includes). */
  apiKeyAllowed: boolean;
  idempotent: boolean;
  /** The contract entry the handler is bound to (@ContractRoute). */
  entry: AnyContractProcedure | undefined;
}

const reflector = new Reflector();

/** The routes of a controller: the prototype's methods that carry Nest's route `path` metadata. */
function routesOf(controller: Type): Route[] {
  const proto = controller.prototype as Record<string, unknown>;
  const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && typeof proto[name] === 'function')
    .map((name) => [name, proto[name] as () => unknown] as const)
    .filter(([, fn]) => Reflect.getMetadata(PATH_METADATA, fn) !== undefined)
    .map(([name, fn]) => {
      const targets = [fn, controller];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      const path = [prefix, String(Reflect.getMetadata(PATH_METADATA, fn))]
        .map((p) => p.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/');
      return {
        controller: controller.name,
        handler: name,
        route: `${method} /${path}`,
        isPublic: reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets) === true,
        permissions: reflector.getAllAndOverride<string[] | undefined>(PERMISSIONS_KEY, targets),
        externalApi: reflector.getAllAndOverride<boolean | undefined>(EXTERNAL_API_KEY, targets) === true,
        apiKeyAllowed:
          reflector.getAllAndOverride<boolean | undefined>(API_KEY_ALLOWED_KEY, targets) === true,
        idempotent: reflector.getAllAndOverride<boolean | undefined>(IDEMPOTENT_KEY, targets) === true,
        entry: Reflect.getMetadata(CONTRACT_KEY, fn) as AnyContractProcedure | undefined,
      };
    });
}

const ROUTES = CONTROLLERS.flatMap(routesOf);
const label = (r: Route) => `${r.controller}.${r.handler} (${r.route})`;

describe('route access metadata', () => {
  it('finds the routes of every listed controller', () => {
    for (const controller of CONTROLLERS) expect(routesOf(controller).length).toBeGreaterThan(0);
    expect(ROUTES.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        'POST /auth/email',
        'POST /auth/signout',
        'GET /health',
        'GET /user/get/current',
        'POST /user/get/list',
        'POST /user/create',
        'PUT /user/:userId',
      ]),
    );
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))('%s is Public or needs a permission', (_name, route) => {
    expect({ route: label(route), guarded: route.isPublic || (route.permissions?.length ?? 0) > 0 }).toEqual({
      route: label(route),
      guarded: true,
    });
  });

  it('has no route that is both Public and permission-checked (Public wins, so the permission would be dead)', () => {
    expect(ROUTES.filter((r) => r.isPublic && r.permissions).map(label)).toEqual([]);
  });

  it('names only permissions that exist in the matrix', () => {
    const known = new Set<string>(PERMISSION_NAMES);
    expect(
      ROUTES.flatMap((r) =>
        (r.permissions ?? []).filter((p) => !known.has(p)).map((p) => `${label(r)}: ${p}`),
      ),
    ).toEqual([]);
  });

  it('keeps the public surface to sign-in and health', () => {
    expect(
      ROUTES.filter((r) => r.isPublic)
        .map((r) => r.route)
        .sort(),
    ).toEqual(['GET /health', 'POST /auth/email']);
  });

  it('puts @Idempotent() only on POST routes of the external API (decision 0061)', () => {
    expect(
      ROUTES.filter((r) => r.idempotent && !(r.externalApi && r.route.startsWith('POST '))).map(label),
    ).toEqual([]);
  });

  it('opens routes to API keys only through @ExternalApi() (rate limit and OpenAPI scheme; decision 0085)', () => {
    expect(ROUTES.filter((r) => r.apiKeyAllowed && !r.externalApi).map(label)).toEqual([]);
    // The parcel calls integrators use are among them.
    expect(ROUTES.filter((r) => r.externalApi).map((r) => r.route)).toEqual(
      expect.arrayContaining([
        'POST /order/create',
        'GET /order/:id',
        'POST /order/get/list',
        'POST /order/deleteShipment',
        'POST /order/generateLabelsForSinglePackage',
      ]),
    );
  });

  it('would catch a route opened to API keys with a bare @AllowApiKey()', () => {
    class Bare {
      opened() {}
    }
    const proto = Bare.prototype;
    Reflect.defineMetadata(PATH_METADATA, 'opened', proto.opened);
    Reflect.defineMetadata(METHOD_METADATA, RequestMethod.GET, proto.opened);
    AllowApiKey()(proto, 'opened', Object.getOwnPropertyDescriptor(proto, 'opened')!);
    expect(routesOf(Bare).filter((r) => r.apiKeyAllowed && !r.externalApi)).toHaveLength(1);
  });

  it('would catch a route left without access metadata', () => {
    // A controller-shaped class built the same way Nest's decorators build one.
    class Sloppy {
      guarded() {}
      forgotten() {}
      open() {}
      helper() {}
    }
    const proto = Sloppy.prototype;
    for (const fn of [proto.guarded, proto.forgotten, proto.open]) {
      Reflect.defineMetadata(PATH_METADATA, fn.name, fn);
      Reflect.defineMetadata(METHOD_METADATA, RequestMethod.GET, fn);
    }
    RequirePermission('account.read')(proto, 'guarded', Object.getOwnPropertyDescriptor(proto, 'guarded')!);
    Public()(proto, 'open', Object.getOwnPropertyDescriptor(proto, 'open')!);

    const unguarded = routesOf(Sloppy)
      .filter((r) => !r.isPublic && !r.permissions)
      .map((r) => r.handler);
    expect(unguarded).toEqual(['forgotten']);
  });

  it('binds every route to its entry of the contract (decision 0108)', () => {
    expect(ROUTES.filter((r) => !r.entry).map(label)).toEqual([]);
  });

  it('binds every entry of the contract to exactly one handler, at the method and path it declares', () => {
    const entries: [string, AnyContractProcedure][] = [];
    const walk = (node: unknown, name: string): void => {
      if (isContractProcedure(node)) entries.push([name, node]);
      else
        for (const [key, child] of Object.entries(node as object)) walk(child, name ? `${name}.${key}` : key);
    };
    walk(contract, '');
    const bound = entries.map(([name, entry]) => {
      const handlers = ROUTES.filter((r) => r.entry === entry);
      const { method, path } = entry['~orpc'].route;
      const expected = `${method} ${(path ?? '').replace(/\{(\w+)\}/g, ':$1')}`;
      return { name, handlers: handlers.length, route: handlers[0]?.route ?? expected, expected };
    });
    expect(bound.filter((b) => b.handlers !== 1 || b.route !== b.expected)).toEqual([]);
    const routes = entries.map(([, e]) => `${e['~orpc'].route.method} ${e['~orpc'].route.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('lists every controller found in a *.controller.ts file under src/modules', async () => {
    const modulesDir = join(__dirname, 'modules');
    const files = (readdirSync(modulesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.controller.ts'))
      .map((f) => join(modulesDir, f));
    expect(files.length).toBeGreaterThanOrEqual(CONTROLLERS.length);

    const missing: string[] = [];
    for (const file of files) {
      const exported = Object.values((await import(file)) as Record<string, unknown>);
      for (const value of exported) {
        if (typeof value !== 'function' || !Reflect.getMetadata(CONTROLLER_WATERMARK, value)) continue;
        if (!CONTROLLERS.includes(value as Type))
          missing.push(`${(value as Type).name} in ${relative(__dirname, file)}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
