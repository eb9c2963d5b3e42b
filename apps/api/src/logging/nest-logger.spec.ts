import type { Logger } from 'pino';
import { PinoNestLogger, requestLogger } from './nest-logger';

function fakeLogger() {
  const calls: [string, ...unknown[]][] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      calls.push([level, ...args]);
  const logger = {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
  } as unknown as Logger;
  return { logger, calls };
}

describe('PinoNestLogger', () => {
  it("passes Nest's context (the last argument) as a field", () => {
    const { logger, calls } = fakeLogger();
    new PinoNestLogger(logger).log('Nest application successfully started', 'NestApplication');
    expect(calls).toEqual([
      ['info', { context: 'NestApplication' }, 'Nest application successfully started'],
    ]);
  });

  it("logs Nest's start-up inventory at debug, other messages at their level", () => {
    const { logger, calls } = fakeLogger();
    const nest = new PinoNestLogger(logger);
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    nest.warn('deprecated', 'Somewhere');
    nest.verbose('details');
    expect(calls.map((c) => c[0])).toEqual(['debug', 'debug', 'warn', 'trace']);
  });

  it("turns the exception handlers' (message, stack, context) into an error with that stack", () => {
    const { logger, calls } = fakeLogger();
    const stack = 'Error: boom\n    at somewhere (file.js:1:1)';
    new PinoNestLogger(logger).error('boom', stack, 'ExceptionsHandler');
    const [level, fields] = calls[0] as [string, { context: string; err: Error }];
    expect(level).toBe('error');
    expect(fields.context).toBe('ExceptionsHandler');
    expect(fields.err.message).toBe('boom');
    expect(fields.err.stack).toBe(stack);
  });

  it('merges an object message and keeps an Error as err', () => {
    const { logger, calls } = fakeLogger();
    const nest = new PinoNestLogger(logger);
    nest.log({ port: 3000 }, 'Boot');
    const err = new Error('down');
    nest.error(err, 'Boot');
    expect(calls).toEqual([
      ['info', { context: 'Boot', port: 3000 }],
      ['error', { context: 'Boot', err }],
    ]);
  });

  it("logs through the request's logger while Nest handles a request", () => {
    const root = fakeLogger();
    const request = fakeLogger();
    const nest = new PinoNestLogger(root.logger);
    requestLogger.run(request.logger, () => nest.warn('inside', 'Ctx'));
    nest.warn('outside', 'Ctx');
    expect(request.calls).toEqual([['warn', { context: 'Ctx' }, 'inside']]);
    expect(root.calls).toEqual([['warn', { context: 'Ctx' }, 'outside']]);
  });
});
