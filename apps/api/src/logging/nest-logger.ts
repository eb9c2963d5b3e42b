import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's start-up inventory (each module initialised, each route and socket message mapped): some 150 lines per
 * start that would bury the few that matter, so they are logged at `debug` (`LOG_LEVEL=debug` shows them).
 */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
]);

/** The request's logger (pino-http's child, carrying the request id) while Nest handles that request. */
export const requestLogger = new AsyncLocalStorage<Logger>();

/**
 * Nest's own messages (start-up, route mapping, unhandled errors) through pino, as nestjs-pino's `Logger` did
 * (decision 0106): Nest passes the context as the last argument; inside a request the line carries its request id.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, ...optional: unknown[]): void {
    const context = optional[optional.length - 1];
    const startUp = typeof context === 'string' && START_UP_CONTEXTS.has(context);
    this.call(startUp ? 'debug' : 'info', message, optional);
  }
  error(message: unknown, ...optional: unknown[]): void {
    this.call('error', message, optional);
  }
  warn(message: unknown, ...optional: unknown[]): void {
    this.call('warn', message, optional);
  }
  debug(message: unknown, ...optional: unknown[]): void {
    this.call('debug', message, optional);
  }
  verbose(message: unknown, ...optional: unknown[]): void {
    this.call('trace', message, optional);
  }
  fatal(message: unknown, ...optional: unknown[]): void {
    this.call('fatal', message, optional);
  }

  private call(level: Level, message: unknown, optional: unknown[]): void {
    const logger = requestLogger.getStore() ?? this.root;
    const fields: Record<string, unknown> = {};
    let params = optional;
    if (optional.length > 0) {
      fields.context = optional[optional.length - 1];
      params = optional.slice(0, -1);
    }
    if (message instanceof Error) {
      fields.err = message;
      logger[level](fields, ...params.map(String));
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(fields, message);
      logger[level](fields, ...params.map(String));
    } else if (
      // Nest's exception handlers call error(message, stack, context).
      level === 'error' &&
      params.length === 1 &&
      typeof params[0] === 'string' &&
      /\n\s*at /.test(params[0])
    ) {
      const err = new Error(String(message));
      err.stack = params[0];
      fields.err = err;
      logger[level](fields);
    } else {
      logger[level](fields, String(message), ...params.map(String));
    }
  }
}
