import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { LOGGER } from '../core/core.tokens';
import { requestLogger } from './nest-logger';

/** Longest `X-Request-Id` taken as the request id; a longer or missing one gets a fresh UUID. */
const MAX_REQUEST_ID = 100;

/** pino-http's options: one line per request (health checks aside), its id honouring `X-Request-Id`. */
export function httpLogOptions(logger: Logger) {
  return {
    logger,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && given.length <= MAX_REQUEST_ID ? given : randomUUID();
    },
    customProps: () => ({ context: 'http' }),
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
  };
}

/**
 * One log line per request through pino-http, bound to every route under the global prefix (the prefix root
 * included, hence `{/*splat}`), and the request's logger kept for Nest's own messages during the request. It
 * replaces nestjs-pino, whose releases for Nest 12 need Node 22 (decision 0106).
 */
@Module({})
export class HttpLoggingModule implements NestModule {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  configure(consumer: MiddlewareConsumer): void {
    const http = pinoHttp(httpLogOptions(this.logger));
    const bind = (req: IncomingMessage, _res: ServerResponse, next: () => void) =>
      requestLogger.run(req.log, next);
    consumer.apply(http, bind).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
