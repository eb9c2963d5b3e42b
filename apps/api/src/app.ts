import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { DepotIoAdapter } from '@depot/gateway';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { AppModule, type AppModuleOptions } from './app.module';
import type { AppConfig } from './config/config';
import { DatabaseRuntime } from './db/database';
import { createLogger, loggerFor } from './logging/logger';
import { PinoNestLogger } from './logging/nest-logger';
import type { EventBus } from './events/event-bus';
import { InProcessEventBus } from './events/in-process-event-bus';
import { PostgresEventBus } from './events/postgres-event-bus';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { deferBodyErrors } from './common/edge-input';
import { JSON_BODY_TYPE, jsonOnly } from './common/json-only.middleware';
import { panelHandlers } from './common/static-panel';
import { SeedService } from './modules/seed/seed.service';
import { completeOpenApiDocument, openApiConfig } from './modules/external-api/openapi-document';

export interface Depot {
  app: NestExpressApplication;
  runtime: DatabaseRuntime;
  bus: EventBus;
  logger: Logger;
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

// scripts/bench starts the built app with its own logger.
export { createLogger };

/** Longer than common proxies' idle limit (60 s), so the proxy, not the app, closes an idle connection. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function defaultWebDist(): string {
  return resolve(__dirname, '..', '..', 'web', 'dist');
}

/**
 * Opens the database (migrating it), starts the event bus, builds the Nest app for the configured
 * roles, seeds an empty database, and listens. Used by main.ts and by the integration tests
 * (which may pass `options.extraModules`, e.g. a test-only job).
 */
export async function startDepot(
  config: AppConfig,
  logger: Logger = loggerFor(config),
  options: AppModuleOptions = {},
): Promise<Depot> {
  const runtime = await DatabaseRuntime.open(config);
  let bus: EventBus | undefined;
  try {
    await runtime.migrate();
    if (runtime.mode === 'server') {
      const pgBus = new PostgresEventBus(runtime.pool, runtime.connectionString, logger);
      await pgBus.start();
      bus = pgBus;
    } else {
      bus = new InProcessEventBus((err, event) =>
        logger.error({ err, type: event.type }, 'event handler failed'),
      );
    }
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({ config, runtime, bus, logger }, options),
      { bufferLogs: true, bodyParser: false },
    );
    app.useLogger(new PinoNestLogger(logger));
    app.set('trust proxy', config.trustProxy);
    app.setGlobalPrefix('api');
    app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
    app.use(cookieParser());
    // Their refusals (415, malformed JSON, 413) wait for the guard: 401/403 come first (common/edge-input.ts).
    app.use(
      '/api',
      deferBodyErrors(jsonOnly),
      deferBodyErrors(express.json({ type: JSON_BODY_TYPE, limit: '1mb' })),
    );
    if (config.corsOrigins.length > 0) app.enableCors({ origin: config.corsOrigins, credentials: true });
    app.useGlobalFilters(new HttpExceptionFilter(logger));
    if (config.roles.includes('gateway')) {
      app.useWebSocketAdapter(
        new DepotIoAdapter(app, {
          pool: runtime.mode === 'server' ? runtime.pool : undefined,
          corsOrigins: config.corsOrigins,
        }),
      );
    }
    // Decision 0062: API-key scheme, rate-limit and idempotency headers, the error shape as a component.
    const openApiDocument = () =>
      completeOpenApiDocument(
        // Tags come from the route contracts, not from controller class names.
        SwaggerModule.createDocument(app, openApiConfig(), { autoTagControllers: false }),
      );
    SwaggerModule.setup('api/docs', app, openApiDocument, { jsonDocumentUrl: 'api/docs-json' });
    const webDist = config.webDist ?? defaultWebDist();
    if (config.roles.includes('api') && existsSync(join(webDist, 'index.html'))) {
      // Pre-compressed files, cache headers and the index.html fallback (common/static-panel.ts, decision 0110).
      app.use(...panelHandlers(webDist, { sourceMaps: process.env.NODE_ENV === 'development' }));
    }
    await app.init();
    await app.get(SeedService).seedIfEmpty();
    const server = app.getHttpServer() as import('node:http').Server;
    // An idle keep-alive connection outlives a client's or a proxy's own idle limit (Node's 5 s default would close
    // it while a client reuses it: ECONNRESET on the client's next request). Headers may take a little longer.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    await app.listen(config.port, config.host);
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const finalBus = bus;
    return {
      app,
      runtime,
      bus: finalBus,
      logger,
      url: `http://127.0.0.1:${port}`,
      async close() {
        await app.close();
        await finalBus.close();
        await runtime.close();
      },
    };
  } catch (err) {
    await bus?.close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    throw err;
  }
}
