import { Body, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { assertStorableText } from './edge-input';
import { Errors } from './errors';
import { RequestSchema, type SchemaDocOptions } from './openapi';

/** Validates and parses a value with a zod schema; the first issue's message becomes the reply message. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // Also here for values no interceptor saw (multipart fields parsed by a route's own interceptor).
    assertStorableText(value);
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const details = result.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw Errors.validation(details[0]?.message ?? 'Enter the correct data.', details);
  }
}

/** `@ValidBody(schema)` on a parameter: validated body, typed by the schema. */
export const ValidBody = (schema: z.ZodType) => Body(new ZodPipe(schema));

/**
 * `@BodySchema(schema)` on a handler: documents the body in OpenAPI from the same zod schema (with the schema's
 * `.meta({ examples })`, or `options.example`). Same as `RequestSchema` in ./openapi.
 */
export const BodySchema = (schema: z.ZodType, options?: SchemaDocOptions) => RequestSchema(schema, options);
