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
