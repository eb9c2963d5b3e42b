import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { AppConfig } from '../config/config';
import { chooseLogFormat, type LogFormat } from './log-format';

const options = (level: AppConfig['logLevel']): LoggerOptions => ({
  level,
  base: { service: 'depot' },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-api-key"]',
      'password',
      '*.password',
    ],
    censor: '[redacted]',
  },
});

type Fields = Record<string, unknown>;
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Fields)[key] : undefined;

/**
 * The text of one readable line: `[context] message`, and for pino-http's request line
 * `[http] GET /api/clients 200 12 ms (reqId)` instead of the whole request and response.
 */
export function readableMessage(log: Fields, messageKey = 'msg'): string {
  const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
  if (log.req !== undefined && log.res !== undefined) {
    const time = typeof log.responseTime === 'number' ? ` ${log.responseTime} ms` : '';
    const id = field(log.req, 'id');
    return (
      `${context}${String(field(log.req, 'method'))} ${String(field(log.req, 'url'))} ` +
      `${String(field(log.res, 'statusCode'))}${time}${id === undefined ? '' : ` (${String(id)})`}`
    );
  }
  const message = log[messageKey];
  return `${context}${message === undefined ? '' : String(message)}`;
}

/**
 * Readable lines for a person at a terminal, one per entry (an error keeps its stack). Each JSON line pino makes is
 * turned into text in this thread and written at once, so it keeps its order with what the app prints plainly (the
 * first-start password) — no worker thread as a pino transport would use.
 */
export function prettyStream(
  out: NodeJS.WritableStream = process.stdout,
  colorize?: boolean,
): DestinationStream {
  const prettify = prettyFactory({
    colorize: colorize ?? (out as NodeJS.WriteStream).isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    ignore: 'pid,hostname,service,context,req,res,responseTime',
    messageFormat: (log, messageKey) => readableMessage(log, messageKey),
  });
  return { write: (line: string) => void out.write(prettify(line)) };
}

/** A pino logger redacting credentials, writing JSON lines to stdout or readable ones (decision 0106). */
export function createLogger(level: AppConfig['logLevel'], format: LogFormat = 'json'): Logger {
  return format === 'pretty' ? pino(options(level), prettyStream()) : pino(options(level));
}

/** The logger for this process's configuration: `LOG_FORMAT`, or by default what standard output is. */
export function loggerFor(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  stdoutIsTTY: boolean | undefined = process.stdout.isTTY,
): Logger {
  return createLogger(config.logLevel, chooseLogFormat(config.logFormat, stdoutIsTTY));
}
