import { oc, type AnyContractProcedure, type InferSchemaInput, type InferSchemaOutput } from '@orpc/contract';
import { z } from 'zod';
import type { Permission } from '../permissions';

/**
 * What Depot adds to a route besides its method, path and schemas (decision 0108). The API's binding turns it into
 * the guard's metadata; the OpenAPI document reads it for each operation's security and error replies.
 */
export interface RouteMeta {
  /** The caller's role must hold one of these. Absent only on public routes. */
  permission?: readonly [Permission, ...Permission[]];
  /** No credentials needed (sign-in, health). */
  public?: true;
  /**
   * Part of the integrators' API: API keys may call it (as well as signed-in users), rate-limited per key, documented
   * with the `X-Api-Key` scheme.
   */
  external?: true;
  /** With `external`: an `Idempotency-Key` header makes the call safe to retry (decision 0061). */
  idempotent?: true;
  /** Still reachable for a user whose client has disableAccess (sign-out). */
  whenAccessDisabled?: true;
  /**
   * The path parameter `param` names a row one client owns: another client's caller hears 404 with the params
   * schema's message before the body is read (issue 11).
   */
  ownedRow?: {
    kind: 'parcel' | 'apiKey' | 'integration' | 'webhook' | 'webhookDelivery' | 'import' | 'importPreset';
    param: string;
    notFound: string;
  };
  /**
   * The reply is a file (an attachment) of one of these media types, or JSON (a job, 202) for large requests: the
   * reply schema describes the JSON case only, and the reply check leaves files alone. `text` files are documented as
   * strings (with an example if given), others as binary.
   */
  file?: Readonly<Record<string, { text?: true; example?: string }>>;
  /**
   * The request is multipart/form-data with one file in `field` (an upload): at most `maxBytes`, named with one of
   * `extensions` (else refused with `wrongType`, by default "Choose an Excel workbook (.xlsx)"). The API parses it on
   * the route (never as JSON); the panel sends it with `callUpload`. Other form fields are the body.
   */
  upload?: { field: string; maxBytes: number; extensions: readonly string[]; wrongType?: string };
  /** Error replies this route gives besides the ones every route may give (400 input, 401, 403). */
  errors?: readonly (readonly [number, string])[];
}

/**
 * The builder every route starts from: input is `{ params?, query?, body? }` ("detailed"), so path parameters, query
 * and body each have their own schema.
 */
export const route = oc.$meta<RouteMeta>({}).$route({ inputStructure: 'detailed' });

/**
 * A path parameter that names a row: a UUID, or the route answers 404 with `notFound` (a value that is not a UUID
 * names no row, like an unknown one).
 */
export const rowId = (notFound: string) => z.uuid({ error: notFound });

/** A keyset page of `item`s (see pagination.ts's ListReply). */
export const listReplySchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
  });

/** A reply of one sentence for a person (e.g. a changed password). */
export const messageReplySchema = z.object({ message: z.string() });

/** A reply with nothing in it (204). */
export const noContent = z.void();

/** What a route's handler receives, validated: `{ params, query, body }` as its input schema outputs them. */
export type RouteInput<E extends AnyContractProcedure> = InferSchemaOutput<
  NonNullable<E['~orpc']['inputSchema']>
>;
/** What a caller sends to a route. */
export type RouteRequest<E extends AnyContractProcedure> = InferSchemaInput<
  NonNullable<E['~orpc']['inputSchema']>
>;
/** What a route replies with. */
export type RouteReply<E extends AnyContractProcedure> = InferSchemaOutput<
  NonNullable<E['~orpc']['outputSchema']>
>;

/**
 * Whether a user holding `can` may call the route (a public route or one of its permissions): the panel asks before
 * it shows what would call it, so no screen calls a route its user's role is refused (issue 13).
 */
export function mayCall(entry: AnyContractProcedure, can: (permission: Permission) => boolean): boolean {
  const meta = entry['~orpc'].meta as RouteMeta;
  return !!meta.public || !meta.permission || meta.permission.some(can);
}
