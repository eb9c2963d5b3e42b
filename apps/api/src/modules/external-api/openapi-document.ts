import { DocumentBuilder, type OpenAPIObject } from '@nestjs/swagger';
import {
  API_KEY_RATE_LIMIT_DEFAULT,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  RATE_LIMIT_HEADERS,
} from '@depot/contracts';
import { ERROR_REPLY_REF, ERROR_REPLY_SCHEMA } from '../../common/openapi';
import { API_KEY_SCHEME } from './decorators';

const DESCRIPTION = `REST API of the Depot panel and of integrators.

**Integrators** authenticate with an API key (created under Settings → API keys) sent as the \`X-Api-Key\` header.
Operations marked with the \`apiKey\` scheme accept it.

- **Rate limit**: each key may make a number of calls per window (by default ${API_KEY_RATE_LIMIT_DEFAULT.requests} per
  ${API_KEY_RATE_LIMIT_DEFAULT.windowSeconds} s). Every reply carries \`${RATE_LIMIT_HEADERS.limit}\`,
  \`${RATE_LIMIT_HEADERS.remaining}\` and \`${RATE_LIMIT_HEADERS.reset}\`; over the limit the reply is 429 with
  \`${RATE_LIMIT_HEADERS.retryAfter}\` (seconds).
- **Idempotency**: operations that take an \`${IDEMPOTENCY_KEY_HEADER}\` header run once per key; a retry with the
  same body gets the first reply again, marked \`${IDEMPOTENT_REPLAYED_HEADER}: true\`.
- **Errors** always have the shape \`{ statusCode, error, message, details? }\`; \`message\` is readable text.
- **Lists** are keyset-paged: send back \`nextCursor\` as \`cursor\` until it is null.

The integrators' guide: docs/api/external.md.`;

/** The OpenAPI document's frame: title, description, and the two ways to authenticate. */
export function openApiConfig(): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setTitle('Depot API')
    .setDescription(DESCRIPTION)
    .setVersion('0.1.0')
    .addServer('/', 'The Depot server that serves this document')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'Session token of a signed-in user (panel)',
    })
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "An integrator's API key" },
      API_KEY_SCHEME,
    )
    .build();
}

const header = (description: string) => ({ description, schema: { type: 'integer' } });
const HEADERS = {
  [RATE_LIMIT_HEADERS.limit]: header('Calls the API key may make per window'),
  [RATE_LIMIT_HEADERS.remaining]: header('Calls left in the current window'),
  [RATE_LIMIT_HEADERS.reset]: header('Seconds until the window ends'),
  [RATE_LIMIT_HEADERS.retryAfter]: header('Seconds to wait before calling again (429 only)'),
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: 'true when this is the stored reply of an earlier call with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in?: string; name?: string }[];
  responses?: Record<string, Response>;
}

const errorReply = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: ERROR_REPLY_REF } },
});
/** Replies every operation open to API keys may give, and those of operations taking an Idempotency-Key. */
const EXTERNAL_ERRORS: Record<string, Response> = {
  '401': errorReply('No valid API key (or session)'),
  '429': errorReply('Over the rate limit of the API key: wait Retry-After seconds'),
};
const IDEMPOTENCY_ERRORS: Record<string, Response> = {
  '400': errorReply('Invalid input, or an invalid Idempotency-Key header'),
  '409': errorReply('A call with this Idempotency-Key is still running'),
  '422': errorReply('This Idempotency-Key was already used for a different request'),
};

/**
 * Finishes the generated document: the shared error shape and headers as components, and on every operation an
 * API key may call, the 401/429 replies (400/409/422 too where it takes an Idempotency-Key), the rate-limit headers
 * on each reply (Retry-After on the 429), and Idempotent-Replayed on the successful replies of idempotent ones.
 * Done here, over the finished document, so that the routes' decorators keep Nest's default success reply.
 */
export function completeOpenApiDocument(doc: OpenAPIObject): OpenAPIObject {
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ErrorReply: ERROR_REPLY_SCHEMA as object },
    headers: { ...doc.components?.headers, ...HEADERS },
  };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item as Record<string, Operation>)) {
      // Every route is bound to its contract, which adds the session (and API-key) schemes to all but the public
      // ones (routes.spec.ts checks the binding): a route without a scheme is public, and says so.
      if (op && !op.security) op.security = [];
      if (!op?.responses || !op.security?.some((s) => API_KEY_SCHEME in s)) continue;
      const idempotent = op.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER);
      // Error replies the route declares itself win (e.g. a 400 with its own description).
      op.responses = { ...EXTERNAL_ERRORS, ...(idempotent ? IDEMPOTENCY_ERRORS : {}), ...op.responses };
      for (const [status, response] of Object.entries(op.responses)) {
        response.headers = {
          ...response.headers,
          [RATE_LIMIT_HEADERS.limit]: ref(RATE_LIMIT_HEADERS.limit),
          [RATE_LIMIT_HEADERS.remaining]: ref(RATE_LIMIT_HEADERS.remaining),
          [RATE_LIMIT_HEADERS.reset]: ref(RATE_LIMIT_HEADERS.reset),
          ...(status === '429'
            ? { [RATE_LIMIT_HEADERS.retryAfter]: ref(RATE_LIMIT_HEADERS.retryAfter) }
            : {}),
          ...(idempotent && status.startsWith('2')
            ? { [IDEMPOTENT_REPLAYED_HEADER]: ref(IDEMPOTENT_REPLAYED_HEADER) }
            : {}),
        };
      }
    }
  }
  return doc;
}
