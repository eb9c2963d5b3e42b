import { Body, Controller, HttpCode, Module, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { MESSAGES, SIGN_IN_LIMITS } from '@depot/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Public } from '../../src/modules/auth/decorators';
import { expectError } from '../expectations';
import { ADMIN, startTestDepot, type TestDepot } from '../harness';

/** Issue 11 item 5, small protocol manners: Retry-After on the sign-in 429, HEAD on the panel, 415 for non-JSON. */

const INDEX_HTML = '<!doctype html><html><head><title>Depot test panel</title></head><body></body></html>\n';
const ASSET_JS = 'console.log("depot test asset");\n';

/** A test-only upload route, as the import screens will have (multipart is parsed by the route, not express.json). */
@Controller('test-upload')
class TestUploadController {
  @Post()
  @Public()
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file'))
  upload(
    @UploadedFile() file: { originalname: string; size: number } | undefined,
    @Body() body: { note?: string },
  ) {
    return { name: file?.originalname ?? null, size: file?.size ?? null, note: body.note ?? null };
  }
}
@Module({ controllers: [TestUploadController] })
class TestUploadModule {}

interface RawReply {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Everything the server sent after the headers. */
  rest: string;
}

/** Sends `head` (request line and headers, no final blank line) and `body` byte for byte; reads to the end. */
function raw(url: string, head: string, body = ''): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, at).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, rest: text.slice(at + 4) });
    });
    socket.write(`${head}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe('protocol manners', () => {
  let t: TestDepot;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'depot-web-'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'assets', 'x.js'), ASSET_JS);
    t = await startTestDepot({ WEB_DIST: webDist }, { extraModules: [TestUploadModule] });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  describe('the sign-in limit', () => {
    it('answers the blocked sign-in with Retry-After in whole seconds, agreeing with the minutes in the message', async () => {
      const u = await t.createUser('operator');
      for (let i = 0; i < SIGN_IN_LIMITS.perEmail.failures; i++) {
        const res = await t
          .http()
          .post('/api/auth/email')
          .send({ email: u.email, password: 'wrong-password' });
        expect(res.status).toBe(401);
        expect(res.headers['retry-after']).toBeUndefined();
      }
      const blocked = await t
        .http()
        .post('/api/auth/email')
        .send({ email: u.email, password: 'test-password-123' });
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      const seconds = Number(blocked.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.perEmail.windowSeconds);
      // The message states the same wait rounded up to minutes: N minutes means (N-1)*60 < seconds <= N*60.
      const minutes = Math.ceil(seconds / 60);
      expectError(blocked, 429, 'TooManyRequests', MESSAGES.tooManySignInAttempts(minutes));
      expect(minutes).toBeGreaterThanOrEqual(14);
    });
  });

  describe('HEAD on the panel', () => {
    it.each(['/', '/orders', '/administration/users'])(
      'HEAD %s answers like GET: 200, the same headers, no body',
      async (path) => {
        const get = await raw(t.url, `GET ${path} HTTP/1.1`);
        expect(get.status).toBe(200);
        expect(get.headers['content-type']).toMatch(/^text\/html/);
        expect(get.rest).toBe(INDEX_HTML);
        const head = await raw(t.url, `HEAD ${path} HTTP/1.1`);
        expect(head.status).toBe(200);
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
        expect(head.headers['content-length']).toBe(String(Buffer.byteLength(INDEX_HTML)));
        expect(head.rest).toBe('');
      },
    );

    it('HEAD of a static asset answers like GET, without the body', async () => {
      const get = await raw(t.url, 'GET /assets/x.js HTTP/1.1');
      expect(get.status).toBe(200);
      expect(get.headers['content-type']).toMatch(/javascript/);
      expect(get.rest).toBe(ASSET_JS);
      const head = await raw(t.url, 'HEAD /assets/x.js HTTP/1.1');
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(ASSET_JS)));
      expect(head.rest).toBe('');
    });

    it('does not answer /api with the panel, nor other methods', async () => {
      const api = await t.http().head('/api/no-such-route');
      expect(api.status).toBe(404);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      const post = await t.http().post('/orders').send({});
      expect(post.status).toBe(404);
      expect(post.text).not.toContain('Depot test panel');
    });
  });

  describe('request bodies', () => {
    const unsupported = {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: MESSAGES.jsonBodyRequired,
    };
    const credentials = `email=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`;

    it.each([
      ['text/plain', JSON.stringify({ email: ADMIN.email, password: ADMIN.password })],
      ['application/x-www-form-urlencoded', credentials],
      ['application/xml', '<signIn/>'],
    ])('refuses a %s body on a JSON route with 415', async (type, body) => {
      const res = await t.http().post('/api/auth/email').set('Content-Type', type).send(body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual(unsupported);
    });

    it('refuses a body without a Content-Type with 415', async () => {
      const res = await raw(t.url, 'POST /api/auth/email HTTP/1.1\r\nContent-Length: 2', '{}');
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.rest)).toEqual(unsupported);
    });

    it('takes JSON, also with a charset', async () => {
      const res = await t
        .http()
        .post('/api/auth/email')
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ email: ADMIN.email, password: ADMIN.password }));
      expect(res.status).toBe(200);
      expect(typeof res.body.token).toBe('string');
    });

    it('lets a request without a body through, whatever its Content-Type', async () => {
      const token = await t.signIn(ADMIN.email, ADMIN.password);
      const bare = await raw(t.url, `POST /api/auth/signout HTTP/1.1\r\nAuthorization: Bearer ${token}`);
      expect(bare.status).toBe(200);
      const token2 = await t.signIn(ADMIN.email, ADMIN.password);
      const empty = await raw(
        t.url,
        `POST /api/auth/signout HTTP/1.1\r\nAuthorization: Bearer ${token2}\r\nContent-Type: text/plain\r\nContent-Length: 0`,
      );
      expect(empty.status).toBe(200);
      // An empty body on a route that needs one is still a validation error, not 415.
      const signIn = await raw(t.url, 'POST /api/auth/email HTTP/1.1\r\nContent-Length: 0');
      expect(signIn.status).toBe(400);
      expect(JSON.parse(signIn.rest).message).toBe(MESSAGES.validation.emailRequired);
    });

    it('lets multipart uploads through to routes that take them', async () => {
      const res = await t
        .http()
        .post('/api/test-upload')
        .field('note', 'weights')
        .attach('file', Buffer.from('a,b\n1,2\n'), 'weights.csv');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: 'weights.csv', size: 8, note: 'weights' });
    });

    it('answers malformed JSON with 400 and an oversized body with 413, in the error shape', async () => {
      const bad = await t
        .http()
        .post('/api/auth/email')
        .set('Content-Type', 'application/json')
        .send('{"email":');
      expectError(bad, 400, 'Bad Request', MESSAGES.enterCorrectData);
      const big = await t
        .http()
        .post('/api/auth/email')
        .send({ email: ADMIN.email, password: 'x'.repeat(1024 * 1024 + 1) });
      expectError(big, 413, 'Payload Too Large', 'The request is too large.');
    });
  });
});
