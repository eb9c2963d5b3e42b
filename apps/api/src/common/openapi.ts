import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

/** A JSON Schema (OpenAPI 3.0 dialect) made from a zod schema, plus the first example the schema carries. */
export interface OpenApiSchema {
  schema: Record<string, unknown>;
  example: unknown;
}

/**
 * Converts a shared zod schema for the OpenAPI document (`io: 'input'` for bodies, `'output'` for replies).
 * Examples live with the schema in libs/contracts: `.meta({ examples: [...] })`, called last (a schema derived
 * from it, e.g. by `.strict()`, has no metadata); the first one is taken out of the schema (OpenAPI 3.0 has no
 * `examples` array there) and returned to be shown as the media type's example.
 */
export function zodToOpenApi(schema: z.ZodType, io: 'input' | 'output'): OpenApiSchema {
  const json = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  nullableEnums(json);
  // zod leaves `examples` out of an input schema that holds transforms, so they are read from the metadata too.
  const { examples, ...rest } = json;
  const given = schema.meta()?.examples ?? examples;
  return { schema: rest, example: Array.isArray(given) ? (given[0] as unknown) : undefined };
}

/**
 * OpenAPI 3.0 checks `enum` before `nullable`: a nullable enum must list null itself, or null (a valid value, e.g. a
 * first status's previous status) fails validation against the document.
 */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  Object.values(schema).forEach(nullableEnums);
}

export interface SchemaDocOptions {
  description?: string;
  /** Shown in the document; defaults to the schema's first `.meta({ examples })` entry. */
  example?: unknown;
}

/** `@RequestSchema(schema)`: documents a JSON body from the zod schema that validates it, with an example. */
export const RequestSchema = (schema: z.ZodType, options: SchemaDocOptions = {}) => {
  const doc = zodToOpenApi(schema, 'input');
  const example = options.example ?? doc.example;
  return applyDecorators(
    ApiBody({
      schema: doc.schema,
      ...(options.description ? { description: options.description } : {}),
      ...(example === undefined ? {} : { examples: { example: { summary: 'Example', value: example } } }),
    }),
  );
};

/** `@ReplySchema(201, schema)`: documents a JSON reply of `status` from its zod schema, with an example. */
export const ReplySchema = (status: number, schema: z.ZodType, options: SchemaDocOptions = {}) => {
  const doc = zodToOpenApi(schema, 'output');
  const example = options.example ?? doc.example;
  return applyDecorators(
    ApiResponse({
      status,
      description: options.description ?? 'Success',
      schema: doc.schema,
      ...(example === undefined ? {} : { example }),
    }),
  );
};

/** The one error reply shape (DESIGN.md), as an OpenAPI component. */
export const ERROR_REPLY_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', example: 400 },
    error: { type: 'string', example: 'ValidationError' },
    message: {
      type: 'string',
      description: 'Human text, safe to show to a person',
      example: 'Weight is required',
    },
    details: {
      type: 'array',
      description: 'Validation errors: every field problem, the first of which is `message`',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string', example: 'weightKg' }, message: { type: 'string' } },
      },
    },
  },
} as const;

/** `$ref` to the error reply component that the document builder adds (see external-api/openapi-document.ts). */
export const ERROR_REPLY_REF = { $ref: '#/components/schemas/ErrorReply' } as const;

/** `@ErrorReplies([400, 'why'], ...)`: documents error statuses with the one error shape. */
export const ErrorReplies = (...replies: [number, string][]) =>
  applyDecorators(
    ...replies.map(([status, description]) => ApiResponse({ status, description, schema: ERROR_REPLY_REF })),
  );
