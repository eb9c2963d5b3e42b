import type { ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import type { RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Hashed bundles never change under their name: a year, and no revalidation while fresh. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files: stored, but revalidated (ETag / Last-Modified) on every use. */
export const REVALIDATE = 'no-cache';

const isApi = (path: string) => path.startsWith('/api') || path.startsWith('/socket.io');

const decodes = (path: string): boolean => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

/**
 * The built panel (decision 0110): the `.br` or `.gz` Vite wrote beside a file when Accept-Encoding allows it (with
 * Content-Encoding, Vary: Accept-Encoding and the original Content-Type), hashed `assets/` immutable, the rest
 * revalidated, source maps only in development, and index.html for any other GET or HEAD outside the API, so the
 * panel's own routes (/orders, /administration/users, ...) load it. A missing asset, source map or favicon answers
 * 404, not the page: a chunk of an older build must fail as a script, not parse HTML.
 */
export function panelHandlers(dist: string, options: { sourceMaps: boolean }): RequestHandler[] {
  const webDist = resolve(dist);
  const assets = join(webDist, 'assets');

  const notFound = (res: Response) => res.status(404).type('text/plain').send('Not Found');
  const hideSourceMaps: RequestHandler = (req, res, next) => {
    if (!options.sourceMaps && !isApi(req.path) && req.path.endsWith('.map')) return notFound(res);
    next();
  };
  const files = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // `path` is the file sent: the .br or .gz beside the asset when one is.
      setHeaders: (res: ServerResponse, path: string) =>
        res.setHeader('Cache-Control', path.startsWith(assets + sep) ? IMMUTABLE : REVALIDATE),
    },
  }) as RequestHandler;
  // The API's own paths never reach the files (a path the API must refuse in its own error shape, e.g. one that does
  // not decode, would otherwise be answered by the static handler), nor does a path that does not decode.
  const panelFiles: RequestHandler = (req, res, next) => {
    if (isApi(req.path) || !decodes(req.path)) return next();
    void files(req, res, next);
  };
  const fallback: RequestHandler = (req, res, next) => {
    if (!['GET', 'HEAD'].includes(req.method) || isApi(req.path)) return next();
    if (req.path.startsWith('/assets/') || req.path === '/favicon.ico') return notFound(res);
    // index.html through the same files (its .br when there is one, revalidated), whatever the route's path.
    const url = req.url;
    req.url = '/index.html';
    void files(req, res, (err?: unknown) => {
      req.url = url;
      next(err);
    });
  };
  return [hideSourceMaps, panelFiles, fallback];
}
