import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_REPLY_EXCERPT_BYTES, webhookUrlShapeProblem } from '@depot/contracts';
import { webhookAddressAllowed, webhookUrlPolicyProblem, type WebhookUrlMode } from '@depot/domain';

/** What one attempt got: the reply's status and start, or why there was none. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
}

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the receiver',
  ENOTFOUND: 'Host not found',
  EAI_AGAIN: 'Host name could not be resolved',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  EPIPE: 'Connection closed by the receiver',
};

/** A short, storable description of why a request got no reply. */
function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const words = (e.code && ERROR_WORDS[e.code]) ?? e.message ?? String(err);
  return clean(words).slice(0, 500);
}

/** Text PostgreSQL can store: no NUL, no lone surrogates (a reply's bytes may be anything). */
const clean = (text: string): string =>
  text
    .replaceAll('\u0000', '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/**
 * A DNS lookup that refuses a name resolving to an address the setting does not allow (e.g. a public-looking name
 * that points at 127.0.0.1 or a private network), so the check holds for the address actually connected to.
 */
export function guardedLookup(mode: WebhookUrlMode): LookupFunction | undefined {
  if (mode === 'any') return undefined;
  return ((hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const refused = addresses.find((a) => !webhookAddressAllowed(a.address, mode));
      if (refused || addresses.length === 0)
        return callback(
          Object.assign(
            new Error(`The address ${refused?.address ?? '(none)'} is not allowed for webhooks`),
            {
              code: 'EADDRNOTALLOWED',
            },
          ),
        );
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}

/** Keep-alive agents of one dispatcher (one per scheme), with the setting's lookup. */
export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

export function webhookAgents(mode: WebhookUrlMode, maxSockets: number): WebhookAgents {
  const lookup = guardedLookup(mode);
  const options = { keepAlive: true, maxSockets, ...(lookup ? { lookup } : {}) };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * POSTs `body` to `url` once: no redirect is followed (a 3xx is a reply like any other), at most `timeoutMs` until
 * the reply's end or its first WEBHOOK_REPLY_EXCERPT_BYTES bytes, of which the start is kept. The URL is checked
 * against the setting again first (it may have changed since the endpoint was registered). Never throws.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { mode: WebhookUrlMode; timeoutMs: number; agents: WebhookAgents; signal?: AbortSignal },
): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...r,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
  });
  const problem =
    webhookUrlShapeProblem(url) ?? webhookUrlPolicyProblem(new URL(url), opts.mode) ?? undefined;
  if (problem) return Promise.resolve(done({ statusCode: null, error: problem, responseExcerpt: null }));
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? opts.agents.https : opts.agents.http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(done(r));
    };
    const req = transport.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const reply = () =>
          finish({
            statusCode: res.statusCode ?? null,
            error: null,
            responseExcerpt: size > 0 ? clean(Buffer.concat(chunks).toString('utf8')) : null,
          });
        res.on('data', (chunk: Buffer) => {
          const room = WEBHOOK_REPLY_EXCERPT_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += Math.min(room, chunk.length);
          // Enough kept: the rest of a long reply is not read (its connection is not reused).
          if (size >= WEBHOOK_REPLY_EXCERPT_BYTES) {
            reply();
            res.destroy();
          }
        });
        res.on('end', reply);
        res.on('error', reply);
      },
    );
    const timer = setTimeout(
      () =>
        req.destroy(Object.assign(new Error(`No reply within ${opts.timeoutMs} ms`), { code: 'TIMEOUT' })),
      opts.timeoutMs,
    );
    const onAbort = () => req.destroy(new Error('Stopped: the server is shutting down'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => finish({ statusCode: null, error: describe(err), responseExcerpt: null }));
    req.end(body);
  });
}
