import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../config/config';
import { chooseLogFormat } from './log-format';
import { loggerFor, prettyStream, readableMessage } from './logger';

describe('chooseLogFormat', () => {
  it.each<[string, boolean | undefined, string]>([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['auto', undefined, 'json'],
    ['json', true, 'json'],
    ['json', false, 'json'],
    ['pretty', true, 'pretty'],
    ['pretty', false, 'pretty'],
    ['pretty', undefined, 'pretty'],
  ])('LOG_FORMAT=%s with stdout a terminal: %s → %s', (setting, tty, format) => {
    expect(chooseLogFormat(loadConfig({ LOG_FORMAT: setting }).logFormat, tty)).toBe(format);
  });

  it('is auto when LOG_FORMAT is not set: readable on a terminal, JSON lines otherwise', () => {
    const { logFormat } = loadConfig({});
    expect([chooseLogFormat(logFormat, true), chooseLogFormat(logFormat, false)]).toEqual(['pretty', 'json']);
  });
});

/** Captures what is written, line by line. */
function sink() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { out, lines };
}

describe('readable lines', () => {
  it('shows the context before the message', () => {
    expect(readableMessage({ context: 'vies', msg: 'VIES did not answer' })).toBe(
      '[vies] VIES did not answer',
    );
    expect(readableMessage({ msg: 'Depot is listening' })).toBe('Depot is listening');
  });

  it("shortens pino-http's request line to method, URL, status, time and request id", () => {
    expect(
      readableMessage({
        context: 'http',
        msg: 'request completed',
        req: { id: 'abc-123', method: 'GET', url: '/api/clients', headers: { accept: '*/*' } },
        res: { statusCode: 200, headers: {} },
        responseTime: 12,
      }),
    ).toBe('[http] GET /api/clients 200 12 ms (abc-123)');
  });

  it('writes one plain line per entry, at once and in order, with the other fields on the same line', () => {
    const { out, lines } = sink();
    const log = pino({ base: { service: 'depot' } }, prettyStream(out, false));
    log.info({ email: 'a@depot.test' }, 'first start: users created');
    out.write('  Generated password (shown only now): secret\n');
    log.warn({ context: 'vies', reason: 'TIMEOUT' }, 'no answer');
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: first start: users created \{"email":"a@depot.test"\}$/,
      ),
      '  Generated password (shown only now): secret',
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: \[vies\] no answer \{"reason":"TIMEOUT"\}$/),
    ]);
    expect(lines.join('\n')).not.toContain('{"level"');
  });

  it('keeps redacting credentials', () => {
    const { out, lines } = sink();
    const log = pino({ redact: { paths: ['*.password'], censor: '[redacted]' } }, prettyStream(out, false));
    log.info({ body: { password: 'hunter2-hunter2' } }, 'sign-in');
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).not.toContain('hunter2');
  });
});

describe('loggerFor', () => {
  it('takes the level from the configuration', () => {
    expect(loggerFor(loadConfig({ LOG_LEVEL: 'warn' }), false).level).toBe('warn');
    expect(loggerFor(loadConfig({ LOG_LEVEL: 'silent', LOG_FORMAT: 'pretty' }), false).level).toBe('silent');
  });
});
