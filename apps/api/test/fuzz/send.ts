import type request from 'supertest';
import { toJson, urlOf, type FuzzCase } from './bad-input';
import type { Reply } from './invariants';
import type { Operation } from './openapi';

let ipSeq = 0;

/**
 * Sends one fuzzed request and reads whatever comes back, raw: the body is parsed only when the reply says it is JSON,
 * and a missing reply (timeout, reset) is a `failure` instead of a throw. Every request comes from its own
 * X-Forwarded-For address, so the sign-in limiter's per-address count (decision 0004) cannot lock later checks out.
 */
export async function sendCase(
  agent: ReturnType<typeof request>,
  op: Operation,
  c: FuzzCase,
  auth: Record<string, string>,
): Promise<Reply> {
  ipSeq++;
  let req = agent[op.method](urlOf(op, c))
    .timeout({ response: 20_000, deadline: 30_000 })
    .set('X-Forwarded-For', `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`);
  for (const [k, v] of Object.entries({ ...c.headers, ...auth })) req = req.set(k, v);
  if (c.body.kind !== 'none')
    req = req
      .set('Content-Type', 'application/json')
      .send(c.body.kind === 'json' ? toJson(c.body.value) : c.body.text);
  try {
    const res = await req.buffer(true).parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
    const raw = res.body as Buffer;
    const contentType = String(res.headers['content-type'] ?? '');
    let body: unknown;
    if (contentType.startsWith('application/json'))
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
    return { status: res.status, contentType, body, text: raw.subarray(0, 200).toString('utf8') };
  } catch (err) {
    return { status: 0, contentType: '', body: undefined, text: '', failure: (err as Error).message };
  }
}
