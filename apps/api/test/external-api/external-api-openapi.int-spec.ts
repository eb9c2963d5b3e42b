import { startTestDepot, type TestDepot } from '../harness';
import { TestExternalApiModule } from './external-api.kit';

/** The OpenAPI document describes the integrators' API (decision 0062). */

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: {
    content: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }>;
  };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown; example?: unknown }> }
  >;
}

describe('OpenAPI for integrators', () => {
  let t: TestDepot;
  let doc: {
    info: { description: string };
    components: {
      securitySchemes: Record<string, unknown>;
      schemas: Record<string, unknown>;
      headers: object;
    };
    paths: Record<string, Record<string, Operation>>;
  };
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

  beforeAll(async () => {
    t = await startTestDepot({}, { extraModules: [TestExternalApiModule] });
    const res = await t.http().get('/api/docs-json');
    if (res.status !== 200) throw new Error(`/api/docs-json answered ${res.status}`);
    doc = res.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares the API-key scheme in the X-Api-Key header, beside the bearer session', () => {
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
      description: expect.any(String),
    });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Idempotency-Key');
  });

  it('has the error shape and the rate-limit and idempotency headers as components', () => {
    expect(doc.components.schemas.ErrorReply).toMatchObject({ required: ['statusCode', 'error', 'message'] });
    expect(Object.keys(doc.components.headers)).toEqual(
      expect.arrayContaining([
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'Idempotent-Replayed',
      ]),
    );
  });

  it('an @ExternalApi() @Idempotent() route: key security, the header, every reply with rate-limit headers', () => {
    const op = doc.paths['/api/test-external/create'].post;
    expect(op.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { bearer: [] }]));
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
    );
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '409', '422', '429']);
    for (const response of Object.values(op.responses))
      expect(response.headers).toMatchObject({ 'X-RateLimit-Limit': ref('X-RateLimit-Limit') });
    expect(op.responses['429'].headers).toMatchObject({ 'Retry-After': ref('Retry-After') });
    expect(op.responses['201'].headers).toMatchObject({ 'Idempotent-Replayed': ref('Idempotent-Replayed') });
    expect(op.responses['409'].headers).not.toHaveProperty('Idempotent-Replayed');
    expect(op.responses['409'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorReply',
    });
  });

  it('bodies and replies come from the zod schemas, with their examples', () => {
    const op = doc.paths['/api/test-external/create'].post;
    const body = op.requestBody!.content['application/json'];
    expect(body.schema).toMatchObject({
      type: 'object',
      required: ['reference'],
      properties: { reference: { type: 'string', minLength: 1 } },
    });
    expect(body.schema).not.toHaveProperty('examples');
    expect(body.examples?.example.value).toEqual({ reference: 'SHOP-1001', weightKg: 1.5 });
    const reply = op.responses['201'].content!['application/json'];
    expect(reply.schema).toMatchObject({ properties: { clientId: { nullable: true } } });
    expect(reply.example).toMatchObject({ reference: 'SHOP-1001', run: 1 });
  });

  it('an external route without @Idempotent() has no Idempotency-Key and no replay header', () => {
    const op = doc.paths['/api/test-external/plain'].post;
    expect(op.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    expect(op.responses['200'].headers).not.toHaveProperty('Idempotent-Replayed');
    expect(op.responses['200'].headers).toHaveProperty('X-RateLimit-Remaining');
  });

  it('the existing key check GET /api/apiKey/get/current is documented as external', () => {
    const op = doc.paths['/api/apiKey/get/current'].get;
    expect(op.security).toContainEqual({ apiKey: [] });
    expect(op.responses['200'].headers).toHaveProperty('X-RateLimit-Limit');
    expect(op.responses['429'].headers).toHaveProperty('Retry-After');
  });

  it('panel-only routes are not: no API-key security, no rate-limit headers', () => {
    const op = doc.paths['/api/client/create'].post;
    expect(op.security ?? []).not.toContainEqual({ apiKey: [] });
    for (const response of Object.values(op.responses))
      expect(response.headers ?? {}).not.toHaveProperty('X-RateLimit-Limit');
  });
});
