import { expect, test } from './support/fixtures';

test('the API process serves the built panel at / and at deep links @en', async ({ page }) => {
  const root = await page.goto('/');
  expect(root?.status()).toBe(200);
  // Nobody is signed in: the panel itself sends the visitor to sign-in.
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByTestId('sign-in-submit')).toBeVisible();
  const deep = await page.goto('/administration/users');
  expect(deep?.status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByTestId('sign-in-submit')).toBeVisible();
});

test('health reports every part up on the embedded database @pl', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({
    status: 'ok',
    database: { ok: true, mode: 'embedded' },
    jobs: { ok: true, state: 'processing' },
    realtime: { ok: true, state: 'running' },
  });
});

test('unknown API paths answer 404 in the error shape, not the panel @en', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ statusCode: 404 });
});

test('OpenAPI is served at /api/docs and /api/docs-json @pl', async ({ page, request }) => {
  const json = await request.get('/api/docs-json');
  expect(json.status()).toBe(200);
  const doc = await json.json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/auth/email', '/api/user/get/list', '/api/health']),
  );
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Depot API');
});

test('the built panel goes out pre-compressed, hashed assets immutable, index.html revalidated @en', async ({
  request,
}) => {
  // Decision 0110, on the real build (`npm run build` writes the .br and .gz beside each asset).
  const index = await request.get('/', { headers: { 'Accept-Encoding': 'br' } });
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  const css = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)"/.exec(html)?.[1];
  expect(entry, html).toBeDefined();
  expect(css, html).toBeDefined();
  for (const path of [entry!, css!]) {
    const br = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['content-type']).toMatch(path.endsWith('.js') ? /javascript/ : /text\/css/);
    expect(br.headers()['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    expect(await gz.body()).toEqual(await br.body());
  }
  const deep = await request.get('/orders', { headers: { 'Accept-Encoding': 'br' } });
  expect(deep.headers()['cache-control']).toBe('no-cache');
  expect(await deep.text()).toBe(html);
});

test('the favicon is an icon and source maps are not public @en', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  const html = await (await request.get('/')).text();
  const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1];
  // Built (`build.sourcemap: 'hidden'`, no sourceMappingURL in the bundle) but not served outside development.
  expect(await (await request.get(entry)).text()).not.toContain('sourceMappingURL');
  const map = await request.get(`${entry}.map`);
  expect(map.status()).toBe(404);
  expect(map.headers()['content-type']).not.toMatch(/html/);
});

test('the sign-in page does not download the other pages @en', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/auth/sign-in');
  await expect(page.getByTestId('sign-in-submit')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  const pages = scripts.filter((s) => /\/(\w+Page|AppShell|paths)-[\w-]+\.js$/.test(s));
  expect(pages).toEqual([]);
});
