import { text, unavailable, type CarrierAdapter, type CarrierCancelResult } from './carrier-cancellation';

/** A carrier's HTTP reply, read to the end as text. */
export interface HttpReply {
  status: number;
  body: string;
  /** The body's bytes (a binary file such as a label is read from these, not from `body`). */
  bytes?: Buffer;
}

export type Fetch = typeof fetch;

/** Thrown by `send` when no reply came: the reason is TIMEOUT or CONNECTION_FAILED. */
export class NoReply extends Error {
  constructor(
    readonly reason: 'TIMEOUT' | 'CONNECTION_FAILED',
    cause: unknown,
  ) {
    super(reason, { cause });
  }
}

/** One request with a deadline covering the reply body too. */
export async function send(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<HttpReply> {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: bytes.toString('utf8'), bytes };
  } catch (err) {
    // AbortSignal.timeout rejects with a DOMException (not always an `Error` of this realm): go by its name.
    const { name } = (err ?? {}) as { name?: unknown };
    throw new NoReply(
      name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'CONNECTION_FAILED',
      err,
    );
  }
}

/** JSON of a body, or undefined when it is not JSON. */
export function parseJson(body: string): unknown {
  try {
    return body ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An adapter whose cancellation is one HTTP request signed with one credential of the operator's config (InPost's
 * token, Packeta's API password): the subclass says which field, how the request looks, and how to read the reply.
 * A missing credential is no answer (`MISSING_CREDENTIALS`): the operator's config must be completed.
 */
export abstract class OneRequestAdapter implements CarrierAdapter {
  protected abstract readonly credentialField: string;

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  protected abstract request(
    base: string,
    credential: string,
    shipmentId: string,
  ): { url: string; init: RequestInit };

  protected abstract read(reply: HttpReply): CarrierCancelResult;

  async cancel(base: string, config: Readonly<Record<string, unknown>>, shipmentId: string) {
    const credential = text(config, this.credentialField);
    if (!credential) return unavailable('MISSING_CREDENTIALS');
    const { url, init } = this.request(base, credential, shipmentId);
    return this.read(await send(this.fetchImpl, url, init, this.timeoutMs));
  }
}
