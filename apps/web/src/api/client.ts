import type { ErrorReply } from '@depot/contracts';
import { readToken } from '../session/cookie';
import { ApiError } from './errors';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The session layer registers what a 401 does (clear the token, go to sign-in). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Calls the API at `/api<path>` with the session's Bearer token; throws ApiError on any non-2xx. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await res.text();
  const json = text ? safeJson(text) : null;
  if (!res.ok) {
    // A failed sign-in is answered on the form itself; any other 401 means the session is gone.
    if (res.status === 401 && path !== '/auth/email') onUnauthorized();
    throw new ApiError(res.status, (json as Partial<ErrorReply> | null) ?? null);
  }
  return json as T;
}

/**
 * Sends one file as multipart/form-data (`field`), with the session's Bearer token; the browser sets the boundary.
 * `fields` are the form's other fields (the route's body), sent before the file. Replies and failures as `api`.
 */
export async function apiUpload<T>(
  path: string,
  field: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, file);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await res.text();
  const json = text ? safeJson(text) : null;
  if (!res.ok) {
    if (res.status === 401) onUnauthorized();
    throw new ApiError(res.status, (json as Partial<ErrorReply> | null) ?? null);
  }
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A reply that may be a file: the file itself (blob and its name), or JSON (e.g. 202 `{ jobId }`). */
export type FileOrJson<T> =
  | { kind: 'file'; blob: Blob; fileName: string | null; headers?: Headers }
  | { kind: 'json'; status: number; body: T };

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when given, else `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

/** Like `api`, for calls that answer with a file (an attachment) or with JSON; errors throw ApiError the same way. */
export async function apiFile<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<FileOrJson<T>> {
  const token = readToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  const disposition = res.headers.get('Content-Disposition');
  if (res.ok && disposition?.startsWith('attachment')) {
    return { kind: 'file', blob: await res.blob(), fileName: fileNameOf(disposition), headers: res.headers };
  }
  const text = await res.text();
  const json = text ? safeJson(text) : null;
  if (!res.ok) {
    if (res.status === 401) onUnauthorized();
    throw new ApiError(res.status, (json as Partial<ErrorReply> | null) ?? null);
  }
  return { kind: 'json', status: res.status, body: json as T };
}
