import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AnyContractProcedure } from '@orpc/contract';
import type { RouteInput, RouteMeta, RouteReply } from '@depot/contracts';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { AllowWhenAccessDisabled, OwnedRow, Public, RequirePermission } from '../modules/auth/decorators';
import { ExternalApi, Idempotent } from '../modules/external-api/decorators';
import { Errors } from './errors';
import { ErrorReplies, ReplySchema, RequestSchema, zodToOpenApi } from './openapi';
import { ZodPipe } from './zod';
import { UploadInterceptor } from './upload';

const BINARY = { type: 'string', format: 'binary' } as const;
const JOB_REPLY = 'A large request runs as a job: its id (progress and the file come by socket)';

/** Metadata key of the contract entry a handler is bound to. */
export const CONTRACT_KEY = 'depot:contract';

type QuerySchema = NonNullable<Extract<Parameters<typeof ApiQuery>[0], { schema?: unknown }>['schema']>;
type ParamSchema = NonNullable<Extract<Parameters<typeof ApiParam>[0], { schema?: unknown }>['schema']>;
type Parts = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };

/** The input schema's parts (`{ params, query, body }`, decision 0108). */
function partsOf(entry: AnyContractProcedure): Parts {
  const input = entry['~orpc'].inputSchema as z.ZodObject | undefined;
  return (input?.shape ?? {}) as Parts;
}

/** `/apiKey/{id}` (OpenAPI, oRPC) → `/apiKey/:id` (Express). */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

const METHODS: Record<string, RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

/** The status a route answers with when it succeeds (oRPC's default is 200 for every method). */
export const successStatusOf = (entry: AnyContractProcedure): number =>
  entry['~orpc'].route.successStatus ?? 200;

/** What a route says when its path names no row: the path parameters' own message (e.g. `rowId(notFound)`'s). */
function notFoundOf(params: z.ZodType): string {
  const result = params.safeParse({});
  return (!result.success && result.error.issues[0]?.message) || 'Not found.';
}

/** The entry's own doc decorators: summary, tags, parameters, body, reply and its error replies. */
function documentation(entry: AnyContractProcedure) {
  const { route, meta, outputSchema } = entry['~orpc'] as {
    route: AnyContractProcedure['~orpc']['route'];
    meta: RouteMeta;
    outputSchema?: z.ZodType;
  };
  const parts = partsOf(entry);
  const decorators: (ClassDecorator | MethodDecorator)[] = [
    ApiOperation({
      summary: route.summary ?? '',
      ...(route.description ? { description: route.description } : {}),
    }),
  ];
  if (route.tags?.length) decorators.push(ApiTags(...route.tags));
  for (const [name, schema] of Object.entries((parts.params as z.ZodObject | undefined)?.shape ?? {})) {
    const { schema: json } = zodToOpenApi(schema as z.ZodType, 'input');
    decorators.push(ApiParam({ name, schema: json as ParamSchema }));
  }
  for (const [name, schema] of Object.entries((parts.query as z.ZodObject | undefined)?.shape ?? {})) {
    const { schema: json } = zodToOpenApi(schema as z.ZodType, 'input');
    const required = !(schema as z.ZodType).safeParse(undefined).success;
    decorators.push(ApiQuery({ name, required, schema: json as QuerySchema }));
  }
  if (parts.body) decorators.push(RequestSchema(parts.body));
  if (meta.upload) {
    const { field, maxBytes, extensions } = meta.upload;
    decorators.push(
      ApiConsumes('multipart/form-data'),
      ApiBody({
        schema: {
          type: 'object',
          required: [field],
          properties: {
            [field]: { ...BINARY, description: `.${extensions.join(', .')}, at most ${maxBytes} bytes` },
          },
        },
      }),
    );
  }
  const status = successStatusOf(entry);
  if (meta.file) {
    // 200 is the file in one of its media types; a reply schema is the JSON case: 202 with the job.
    const content = Object.fromEntries(
      Object.entries(meta.file).map(([type, { text, example }]) => [
        type,
        text ? { schema: { type: 'string' }, ...(example ? { example } : {}) } : { schema: BINARY },
      ]),
    );
    decorators.push(ApiResponse({ status, description: route.successDescription ?? 'The file', content }));
    if (outputSchema) decorators.push(ReplySchema(202, outputSchema, { description: JOB_REPLY }));
  } else if (status === 204)
    decorators.push(ApiResponse({ status, description: route.successDescription ?? 'Done' }));
  else if (outputSchema && !(outputSchema instanceof z.ZodVoid)) {
    decorators.push(ReplySchema(status, outputSchema, { description: route.successDescription }));
  }
  // Every route's own refusals, then what the entry declares (its words win for the same status).
  const errors = new Map<number, string>();
  if (!meta.public) errors.set(401, 'Not signed in (no valid session token or API key)');
  if (!meta.public) errors.set(403, 'The caller may not do this');
  if (parts.body || parts.query || meta.upload)
    errors.set(400, 'Invalid input: the message names the first problem');
  if (meta.upload) errors.set(413, 'The file is larger than the route takes');
  if (parts.params) errors.set(404, meta.ownedRow?.notFound ?? notFoundOf(parts.params));
  for (const [status, why] of meta.errors ?? []) errors.set(status, why);
  decorators.push(ErrorReplies(...errors.entries()));
  return decorators;
}

/**
 * `@ContractRoute(contract.x.y)` binds a handler to its contract entry: method and path, success status, the
 * guard's metadata (permission, public, API keys, owned row), idempotency and the OpenAPI description all come from
 * the entry. The handler's return type must be the entry's reply. The controller has no path prefix of its own.
 */
export function ContractRoute<E extends AnyContractProcedure>(entry: E) {
  if ((entry['~orpc'].meta as RouteMeta).file) {
    throw new Error(`${entry['~orpc'].route.path} replies with a file: bind it with @ContractFileRoute`);
  }
  return bind<E, RouteReply<E>>(entry);
}

/**
 * `@ContractFileRoute(contract.x.y)` for a route whose reply is a file (`file` in its meta): the handler returns the
 * file (a StreamableFile), or the entry's JSON reply (a job) for large requests.
 */
export function ContractFileRoute<E extends AnyContractProcedure>(entry: E) {
  if (!(entry['~orpc'].meta as RouteMeta).file) {
    throw new Error(`${entry['~orpc'].route.path} replies with JSON: bind it with @ContractRoute`);
  }
  return bind<E, RouteReply<E> | StreamableFile>(entry);
}

function bind<E extends AnyContractProcedure, Reply>(entry: E) {
  const { route } = entry['~orpc'];
  const meta = entry['~orpc'].meta as RouteMeta;
  if (!route.method || !route.path)
    throw new Error(`A contract entry needs a method and a path (${route.summary})`);
  const decorators: (ClassDecorator | MethodDecorator)[] = [
    RequestMapping({ path: expressPath(route.path), method: METHODS[route.method] }),
    HttpCode(successStatusOf(entry)),
    SetMetadata(CONTRACT_KEY, entry),
  ];
  if (meta.public) decorators.push(Public());
  if (meta.permission) decorators.push(RequirePermission(...meta.permission));
  // Signed-in users call every non-public route with their session token; ExternalApi adds the API-key scheme.
  if (meta.external) decorators.push(ExternalApi());
  else if (!meta.public) decorators.push(ApiBearerAuth());
  if (meta.idempotent) decorators.push(Idempotent());
  if (meta.whenAccessDisabled) decorators.push(AllowWhenAccessDisabled());
  if (meta.upload) decorators.push(UseInterceptors(UploadInterceptor(meta.upload)));
  if (meta.ownedRow)
    decorators.push(OwnedRow(meta.ownedRow.kind, meta.ownedRow.param, meta.ownedRow.notFound));
  decorators.push(...documentation(entry));
  const applied = applyDecorators(...decorators);
  return <T extends (...args: never[]) => Promise<Reply> | Reply>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<T>,
  ): void => {
    applied(target, key, descriptor);
  };
}

/** The entry a handler is bound to (for the reply check and the input decorator). */
const entryOf = (ctx: ExecutionContext): AnyContractProcedure | undefined =>
  Reflect.getMetadata(CONTRACT_KEY, ctx.getHandler()) as AnyContractProcedure | undefined;

/**
 * Validates a request's path parameters, query and body with its entry's schemas. A parameter that names no row
 * answers 404 with the parameter's own message (a non-UUID names nothing); query and body problems answer 400 with
 * the field named, as everywhere (ZodPipe).
 */
export function parseContractInput(entry: AnyContractProcedure, req: Request): Record<string, unknown> {
  const parts = partsOf(entry);
  const input: Record<string, unknown> = {};
  if (parts.params) {
    const result = parts.params.safeParse(req.params ?? {});
    if (!result.success) throw Errors.notFound(result.error.issues[0]?.message);
    input.params = result.data;
  }
  if (parts.query) input.query = new ZodPipe(parts.query).transform(req.query);
  if (parts.body) input.body = new ZodPipe(parts.body).transform(req.body);
  return input;
}

/**
 * `@ContractInput() input: RouteInput<typeof contract.x.y>` — the handler's validated `{ params, query, body }`.
 * Runs after the guard, so a caller who may not call the route is refused before its input is looked at.
 */
export const ContractInput = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const entry = entryOf(ctx);
  if (!entry) throw new Error('@ContractInput() needs @ContractRoute(entry) on the same handler');
  return parseContractInput(entry, ctx.switchToHttp().getRequest<Request>());
});

export type { RouteInput, RouteReply };

/**
 * In tests (and wherever REPLY_CHECK is on) every reply of a bound route is checked against the entry's reply
 * schema before it is sent: a reply off contract is a 500 naming the first difference, so a drift between the
 * contract and the code fails the suite that exercises it. The value sent is the handler's own.
 */
@Injectable()
export class ReplyCheckInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const entry = this.config.replyCheck && ctx.getType() === 'http' ? entryOf(ctx) : undefined;
    const schema = entry?.['~orpc'].outputSchema as z.ZodType | undefined;
    if (!entry || !schema) return next.handle();
    const file = (entry['~orpc'].meta as RouteMeta).file;
    return next.handle().pipe(
      map((value: unknown) => {
        if (
          file &&
          (value === undefined || typeof value !== 'object' || value === null || !('jobId' in value))
        ) {
          return value;
        }
        const result = schema.safeParse(value);
        if (!result.success) {
          const issue = result.error.issues[0];
          throw new HttpException(
            {
              statusCode: 500,
              error: 'ReplyOffContract',
              message: `Reply off contract (${entry['~orpc'].route.path}): ${issue?.path.join('.')}: ${issue?.message}`,
            },
            HttpStatus.INTERNAL_SERVER_ERROR,
          );
        }
        return value;
      }),
    );
  }
}
