/** The operations of the app's own OpenAPI document (GET /api/docs-json), as the fuzz suite walks them. */

/** The part of JSON Schema (OpenAPI 3.0 flavour, as zod's OpenAPI output writes it) the generators read. */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface DocParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface DocOperation {
  operationId?: string;
  parameters?: DocParameter[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> }
    >;
  };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface Operation {
  /** `POST /api/order/create`: how the suite names an operation (exclusions, reports, FUZZ_OPS). */
  name: string;
  method: HttpMethod;
  /** The templated path, e.g. `/api/user/{userId}`. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  headerParams: { name: string; schema: JsonSchema }[];
  /** The JSON request body's schema, with every `$ref` resolved; undefined when the operation takes none. */
  body?: JsonSchema;
  /** The document's examples of the body (valid bodies to start from). */
  bodyExamples: unknown[];
}

/** Replaces `$ref`s into components with their target (depth-capped: a recursive schema ends in `{}`). */
export function resolveRefs(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 12) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
    return resolveRefs(target, doc, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  const r = (s: JsonSchema) => resolveRefs(s, doc, depth + 1);
  if (schema.items) out.items = r(schema.items);
  if (schema.properties)
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, r(v)]));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    out.additionalProperties = r(schema.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key]!.map(r);
  return out;
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const fromTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const json = op.requestBody?.content?.['application/json'];
      const bodySchema = json?.schema;
      const bodyExamples = [
        ...(json?.example !== undefined ? [json.example] : []),
        ...Object.values(json?.examples ?? {})
          .map((e) => e.value)
          .filter((v) => v !== undefined),
      ];
      ops.push({
        name: `${method.toUpperCase()} ${path}`,
        method,
        path,
        pathParams: fromTemplate,
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolveRefs(p.schema ?? {}, doc) })),
        headerParams: params
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, schema: resolveRefs(p.schema ?? {}, doc) })),
        body: bodySchema ? resolveRefs(bodySchema, doc) : undefined,
        bodyExamples,
      });
    }
  }
  return ops;
}
