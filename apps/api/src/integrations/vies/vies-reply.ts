/**
 * Reading the answer of the EU Commission's VIES REST API, `POST {base}/check-vat-number` with
 * `{ countryCode, vatNumber }` (contract: the Commission's swagger_publicVAT.yaml):
 *
 * - 200 `{ countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, ... }` — an answer about
 *   the number. Member states may withhold the name and address; VIES then sends "---" (or nothing).
 * - `{ actionSucceed: false, errorWrappers: [{ error, message }] }` (with a 4xx/5xx, sometimes a 200) — no answer:
 *   `INVALID_INPUT` means the number cannot be one; anything else (`MS_UNAVAILABLE`, `SERVICE_UNAVAILABLE`,
 *   `TIMEOUT`, `MS_MAX_CONCURRENT_REQ`, ...) means VIES could not answer now.
 */

/** An answer about the number. */
export interface ViesAnswer {
  outcome: 'valid' | 'invalid';
  name: string | null;
  address: string | null;
  requestDate: string | null;
  requestIdentifier: string | null;
  /** VIES's error code when it refused the input itself (INVALID_INPUT). */
  reason: string | null;
}

/** No answer: why (NOT_CONFIGURED, TIMEOUT, CONNECTION_FAILED, HTTP_500, MALFORMED_RESPONSE, a VIES code). */
export interface ViesNoAnswer {
  outcome: 'unavailable';
  reason: string;
}

export type ViesResult = ViesAnswer | ViesNoAnswer;

/** VIES error codes that are a verdict on the input, not an outage. */
const INPUT_ERRORS: ReadonlySet<string> = new Set(['INVALID_INPUT']);

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** VIES's text fields: "---" and blanks mean "not disclosed"; line breaks in addresses are kept. */
const text = (x: unknown): string | null => {
  if (typeof x !== 'string') return null;
  const t = x.trim();
  return t === '' || /^-+$/.test(t) ? null : t;
};

/** The answer to a check of `asked`, from the reply's HTTP status and parsed JSON body (null when not JSON). */
export function readViesReply(
  status: number,
  body: unknown,
  asked: { countryCode: string; vatNumber: string },
): ViesResult {
  if (isRecord(body) && Array.isArray(body.errorWrappers) && body.errorWrappers.length > 0) {
    const first: unknown = body.errorWrappers[0];
    const code = (isRecord(first) && text(first.error)) || 'UNKNOWN_ERROR';
    if (INPUT_ERRORS.has(code)) return { ...noDetails('invalid'), reason: code };
    return { outcome: 'unavailable', reason: code };
  }
  if (status !== 200) return { outcome: 'unavailable', reason: `HTTP_${status}` };
  if (!isRecord(body) || typeof body.valid !== 'boolean') {
    return { outcome: 'unavailable', reason: 'MALFORMED_RESPONSE' };
  }
  // An answer about another number than the one asked is no answer about ours.
  const answeredCountry = text(body.countryCode);
  const answeredNumber = text(body.vatNumber);
  if (
    (answeredCountry !== null && answeredCountry !== asked.countryCode) ||
    (answeredNumber !== null && answeredNumber !== asked.vatNumber)
  ) {
    return { outcome: 'unavailable', reason: 'RESPONSE_MISMATCH' };
  }
  return {
    outcome: body.valid ? 'valid' : 'invalid',
    name: text(body.name),
    address: text(body.address),
    requestDate: text(body.requestDate),
    requestIdentifier: text(body.requestIdentifier),
    reason: null,
  };
}

const noDetails = (outcome: ViesAnswer['outcome']): ViesAnswer => ({
  outcome,
  name: null,
  address: null,
  requestDate: null,
  requestIdentifier: null,
  reason: null,
});

/** JSON of a reply body, or null when it is not JSON. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
