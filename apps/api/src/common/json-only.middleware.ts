import type { NextFunction, Request, Response } from 'express';
import { Errors } from './errors';

/** The body type the API parses (`express.json({ type })` in app.ts uses the same). */
export const JSON_BODY_TYPE = 'application/json';
/** Uploads: parsed by the route itself (Nest's FileInterceptor / multer), not by express.json. */
const UPLOAD_BODY_TYPE = 'multipart/form-data';

/** Whether the request carries body bytes: a chunked body, or a Content-Length above 0. */
function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isNaN(length) || length > 0;
}

/**
 * Refuses a request body that is neither JSON nor an upload with 415, in the error reply shape, instead of
 * letting express.json skip it and the route read an empty body. A request without a body (no Content-Length,
 * or 0) passes whatever its Content-Type says.
 */
export function jsonOnly(req: Request, _res: Response, next: NextFunction): void {
  if (!hasBody(req) || req.is([JSON_BODY_TYPE, UPLOAD_BODY_TYPE])) return next();
  next(Errors.unsupportedMediaType());
}
