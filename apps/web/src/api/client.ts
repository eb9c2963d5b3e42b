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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
