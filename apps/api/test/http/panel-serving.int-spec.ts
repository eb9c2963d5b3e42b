import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestDepot, type TestDepot } from '../harness';

/**
 * Issue 13 item 11 (decision 0110): the built panel as the API serves it — the pre-compressed .br / .gz Vite writes
 * beside each asset, a year and immutable for hashed assets, revalidation for index.html and the public files, a
 * real favicon, and no source maps outside development. It serves a small panel written here in Vite's layout (no
 * `npm run build` needed); test/e2e/serving.e2e.ts checks the same on the real build.
 */

const INDEX_HTML =
  '<!doctype html><html><head><title>Depot test panel</title></head><body><div id="root"></div></body></html>\n';
// Large enough to be worth compressing, as Vite's threshold wants (1 kB).
const ASSET_JS = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const ASSET_CSS = `.depot-test { color: red; }\n`.repeat(100);
const ASSET = '/assets/index-AbCd1234.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, not decoded. */
  body: Buffer;
}

/** One request with exactly these headers; the body is kept as it came (Node's http does not decode). */
function get(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built panel as served by the API', () => {
  let t: TestDepot;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'depot-panel-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webDist, 'theme-boot.js'), 'document.documentElement.dataset.theme = "light";\n');
    await copyFile(
      join(__dirname, '..', '..', '..', 'web', 'public', 'favicon.ico'),
      join(webDist, 'favicon.ico'),
    );
    for (const [name, text] of [
      ['index-AbCd1234.js', ASSET_JS],
      ['index-EfGh5678.css', ASSET_CSS],
    ]) {
      await writeFile(join(webDist, 'assets', name), text);
      await writeFile(join(webDist, 'assets', `${name}.br`), brotliCompressSync(text));
      await writeFile(join(webDist, 'assets', `${name}.gz`), gzipSync(text));
    }
    await writeFile(
      join(webDist, 'assets', 'index-AbCd1234.js.map'),
      '{"version":3,"sources":["src/main.tsx"]}',
    );
    t = await startTestDepot({ WEB_DIST: webDist });
  });

  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('sends the .br beside a hashed asset to a browser that accepts brotli, typed as the original', async () => {
    const res = await get(t.url, ASSET, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(ASSET_JS);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(ASSET_JS));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const css = await get(t.url, '/assets/index-EfGh5678.css', { 'Accept-Encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css; charset=utf-8$/i);
    expect(brotliDecompressSync(css.body).toString('utf8')).toBe(ASSET_CSS);
  });

  it('sends the .gz to a client that accepts only gzip, and the original to one that accepts neither', async () => {
    const gz = await get(t.url, ASSET, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(ASSET_JS);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(t.url, ASSET, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString('utf8')).toBe(ASSET_JS);

    const head = await get(t.url, ASSET, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('has index.html, the panel routes and the public files revalidated on every use', async () => {
    for (const path of ['/', '/auth/sign-in', '/orders/edit/123', '/index.html']) {
      const res = await get(t.url, path, { 'Accept-Encoding': 'br' });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString('utf8')).toBe(INDEX_HTML);
    }
    const boot = await get(t.url, '/theme-boot.js');
    expect(boot.status).toBe(200);
    expect(boot.headers['cache-control']).toBe('no-cache');
    expect(boot.headers.etag).toBeDefined();
    const again = await get(t.url, '/theme-boot.js', { 'If-None-Match': String(boot.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers /favicon.ico with the icon, not the page', async () => {
    const res = await get(t.url, '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1.
    expect([...res.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('does not serve source maps outside development, nor the page in place of a missing asset', async () => {
    const map = await get(t.url, '/assets/index-AbCd1234.js.map');
    expect(map.status).toBe(404);
    expect(map.headers['content-type']).not.toMatch(/html/);
    expect(map.body.toString('utf8')).not.toContain('sources');

    const gone = await get(t.url, '/assets/index-Gone0000.js', { 'Accept-Encoding': 'br' });
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/html/);
  });

  it('leaves the API alone', async () => {
    const res = await get(t.url, '/api/no-such-thing.map');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const health = await get(t.url, '/api/health', { 'Accept-Encoding': 'br' });
    expect(health.status).toBe(200);
  });

  it('leaves an API path that does not decode to the API, which answers in its error shape (found by fuzzing)', async () => {
    // A lone surrogate, percent-encoded: decodeURIComponent throws on it.
    const res = await get(t.url, '/api/order/%ED%A0%80', { Authorization: 'Bearer nobody' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({
      statusCode: res.status,
      message: expect.any(String),
    });
    // A panel path that does not decode gets the page, like any other panel path.
    const page = await get(t.url, '/orders/%ED%A0%80');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Depot test panel');
  });
});
