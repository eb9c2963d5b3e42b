import type { Contract, RouteMeta, RouteReply, RouteRequest } from '@depot/contracts';
import type { AnyContractProcedure } from '@orpc/contract';
import { api, apiFile, apiUpload, type FileOrJson } from './client';

/*
 * Calling one route of the contract, given its entry. Apart from contract-client.ts (which walks the whole contract
 * to make `client`), so that what the sign-in page loads does not carry every route's schemas (decision 0125).
 */

declare const process: { env: { NODE_ENV?: string } };

/** The arguments of a route's call: its `{ params, query, body }`, or nothing when it takes none. */
export type CallArgs<E extends AnyContractProcedure> =
  unknown extends RouteRequest<E> ? [input?: undefined] : [input: RouteRequest<E>];

/** A typed function per route of the contract, nested as the contract is. */
export type ContractClient<R> = R extends AnyContractProcedure
  ? (...args: CallArgs<R>) => Promise<RouteReply<R>>
  : { [K in keyof R]: ContractClient<R[K]> };

/** The panel's client's type (contract-client.ts makes it). */
export type PanelClient = ContractClient<Contract>;

interface Input {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** The URL of a call: the path with its parameters filled in, and the query's set values. */
export function urlOf(entry: AnyContractProcedure, input: Input | undefined): string {
  const path = (entry['~orpc'].route.path ?? '').replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(input?.params?.[name] ?? '')),
  );
  const query = Object.entries(input?.query ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== '',
  );
  return query.length
    ? `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`
    : path;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const methodOf = (entry: AnyContractProcedure) => (entry['~orpc'].route.method ?? 'GET') as Method;

/** Thrown (outside production) when the server's reply does not match the route's reply schema. */
export class ReplyOffContract extends Error {}

/**
 * Checks a reply against the route's reply schema: a drift between server and panel fails in development and in
 * tests; a production panel logs it and carries on with the value it got.
 */
export function checkReply<T>(entry: AnyContractProcedure, reply: T): T {
  const schema = entry['~orpc'].outputSchema;
  if (!schema || (entry['~orpc'].route.successStatus ?? 200) === 204) return reply;
  const result = schema['~standard'].validate(reply);
  if (result instanceof Promise || !result.issues) return reply;
  const issue = result.issues[0];
  const where =
    issue?.path
      ?.map((p: PropertyKey | { key: PropertyKey }) => (typeof p === 'object' ? String(p.key) : String(p)))
      .join('.') ?? '';
  const message = `Reply off contract (${methodOf(entry)} ${entry['~orpc'].route.path}): ${where}: ${issue?.message}`;
  // eslint-disable-next-line no-console -- a production panel reports the drift where its users' devtools show it
  if (process.env.NODE_ENV === 'production') console.error(message);
  else throw new ReplyOffContract(message);
  return reply;
}

/** Calls one route of the contract (JSON in, JSON out), checking the reply. */
export async function call<E extends AnyContractProcedure>(
  entry: E,
  ...[input]: CallArgs<E>
): Promise<RouteReply<E>> {
  if ((entry['~orpc'].meta as RouteMeta).upload)
    throw new Error(`${entry['~orpc'].route.path} takes a file: call it with callUpload`);
  const given = input as Input | undefined;
  const reply = await api<RouteReply<E>>(methodOf(entry), urlOf(entry, given), given?.body);
  return checkReply(entry, reply);
}

/**
 * Calls an upload route (`upload` in its meta) with its path parameters, its other form fields (`body`, text) and
 * the file, checking the reply.
 */
export async function callUpload<E extends AnyContractProcedure>(
  entry: E,
  input: { params?: Record<string, string | number>; body?: Record<string, string> },
  file: File,
): Promise<RouteReply<E>> {
  const upload = (entry['~orpc'].meta as RouteMeta).upload;
  if (!upload) throw new Error(`${entry['~orpc'].route.path} takes no file`);
  const reply = await apiUpload<RouteReply<E>>(urlOf(entry, input), upload.field, file, input.body);
  return checkReply(entry, reply);
}

/** Calls a route whose reply is a file (or, for large requests, a job as JSON, which is checked). */
export async function callFile<E extends AnyContractProcedure>(
  entry: E,
  ...[input]: CallArgs<E>
): Promise<FileOrJson<RouteReply<E>>> {
  if (!(entry['~orpc'].meta as RouteMeta).file)
    throw new Error(`${entry['~orpc'].route.path} replies with JSON`);
  const given = input as Input | undefined;
  const method = methodOf(entry) === 'GET' ? 'GET' : 'POST';
  const reply = await apiFile<RouteReply<E>>(method, urlOf(entry, given), given?.body);
  return reply.kind === 'json' ? { ...reply, body: checkReply(entry, reply.body) } : reply;
}
