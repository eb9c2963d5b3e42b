import { json, startFakeCarrier, type FakeCarrier } from './fake-carrier-server';

/**
 * A local stand-in for InPost ShipX: `DELETE /v1/shipments/{id}` with `Authorization: Bearer {token}` answers 204;
 * errors are ShipX's `{ status, error, message, details }`. `refuse` answers 400 `invalid_action`; an id in
 * `unknownIds` answers 404 `resource_not_found`; a wrong token (or `badCredentials`) 401 `token_invalid`.
 */
export interface FakeInpost extends FakeCarrier {
  /** The token it accepts. */
  token: string;
  readonly unknownIds: Set<string>;
}

const error = (status: number, code: string, message: string) =>
  json(status, { status, error: code, message, details: {} });

export async function startFakeInpost(token = 'inpost-test-token'): Promise<FakeInpost> {
  const unknownIds = new Set<string>();
  const fake = await startFakeCarrier(
    (req, f) => {
      const m = /^\/v1\/shipments\/([^/?]+)$/.exec(req.path);
      if (req.method !== 'DELETE' || !m) return error(404, 'resource_not_found', 'Resource not found');
      if (f.mode === 'badCredentials' || req.headers.authorization !== `Bearer ${(f as FakeInpost).token}`)
        return error(401, 'token_invalid', 'Token is missing or invalid.');
      if (unknownIds.has(decodeURIComponent(m[1])))
        return error(404, 'resource_not_found', 'Shipment not found');
      if (f.mode === 'refuse')
        return error(
          400,
          'invalid_action',
          'Action cancel is not available for shipment in status dispatched_by_sender.',
        );
      return { status: 204 };
    },
    () => error(500, 'internal_error', 'Internal server error'),
  );
  return Object.assign(fake, { token, unknownIds });
}
