import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiSecurity } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS } from '@depot/contracts';
import { AllowApiKey } from '../auth/decorators';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export const IDEMPOTENT_KEY = 'depot:idempotent';
export const EXTERNAL_API_KEY = 'depot:externalApi';
/** Name of the API-key security scheme in the OpenAPI document (app.ts / openapi-document.ts). */
export const API_KEY_SCHEME = 'apiKey';

/**
 * `@ExternalApi()`: the route is part of the integrators' API. API keys may call it (as well as signed-in
 * users), it is rate-limited per key (the global RateLimitInterceptor), and the OpenAPI document shows the
 * `X-Api-Key` scheme; the document builder adds the rate-limit headers and the 401/429 replies
 * (openapi-document.ts). Put `@RequirePermission` beside it as usual.
 */
export const ExternalApi = () =>
  applyDecorators(
    SetMetadata(EXTERNAL_API_KEY, true),
    AllowApiKey(),
    ApiSecurity(API_KEY_SCHEME),
    ApiBearerAuth(),
  );

/**
 * `@Idempotent()` on a POST of the external API: with an `Idempotency-Key` header, an API-key call runs once and
 * repeats get the stored reply (decision 0061). Without the header it runs as usual.
 */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_KEY, true),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        `Makes the call safe to retry: the first call with a key runs, repeats with the same body get its reply ` +
        `again (header Idempotent-Replayed: true) for ${IDEMPOTENCY_KEY_TTL_HOURS} h. 1–255 visible ASCII ` +
        `characters; a fresh UUID per operation is a good choice.`,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    }),
  );
