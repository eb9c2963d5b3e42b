import { parseJson, readViesReply } from './vies-reply';

const ASKED = { countryCode: 'PL', vatNumber: '5260001246' };

/** A 200 answer as VIES sends it for the asked number. */
const answer = (over: Record<string, unknown> = {}) => ({
  countryCode: 'PL',
  vatNumber: '5260001246',
  requestDate: '2026-11-20+01:00',
  valid: true,
  requestIdentifier: 'WAPIAAAAZ1x2y3',
  name: 'ACME SPÓŁKA Z O.O.',
  address: 'UL. DŁUGA 5\n00-001 WARSZAWA',
  traderName: '---',
  traderStreet: '---',
  traderNameMatch: 'NOT_PROCESSED',
  ...over,
});
const errors = (...codes: string[]) => ({
  actionSucceed: false,
  errorWrappers: codes.map((error) => ({ error, message: `VIES says ${error}` })),
});

describe('readViesReply', () => {
  it('reads a valid number with the trader name and address', () => {
    expect(readViesReply(200, answer(), ASKED)).toEqual({
      outcome: 'valid',
      name: 'ACME SPÓŁKA Z O.O.',
      address: 'UL. DŁUGA 5\n00-001 WARSZAWA',
      requestDate: '2026-11-20+01:00',
      requestIdentifier: 'WAPIAAAAZ1x2y3',
      reason: null,
    });
  });

  it('reads an invalid number', () => {
    expect(readViesReply(200, answer({ valid: false, name: '---', address: '---' }), ASKED)).toEqual({
      outcome: 'invalid',
      name: null,
      address: null,
      requestDate: '2026-11-20+01:00',
      requestIdentifier: 'WAPIAAAAZ1x2y3',
      reason: null,
    });
  });

  it.each([['---'], [''], ['  '], [null], [undefined], [42]])(
    'takes %j as an undisclosed name or address',
    (x) => {
      const r = readViesReply(200, answer({ name: x, address: x }), ASKED);
      expect(r).toMatchObject({ outcome: 'valid', name: null, address: null });
    },
  );

  it('accepts an answer that does not repeat the country and number', () => {
    const { countryCode: _c, vatNumber: _n, ...bare } = answer();
    expect(readViesReply(200, bare, ASKED).outcome).toBe('valid');
  });

  it('takes an answer about another number as no answer', () => {
    expect(readViesReply(200, answer({ vatNumber: '1234563218' }), ASKED)).toEqual({
      outcome: 'unavailable',
      reason: 'RESPONSE_MISMATCH',
    });
    expect(readViesReply(200, answer({ countryCode: 'DE' }), ASKED)).toEqual({
      outcome: 'unavailable',
      reason: 'RESPONSE_MISMATCH',
    });
  });

  it('takes INVALID_INPUT as a verdict on the number (invalid)', () => {
    expect(readViesReply(400, errors('INVALID_INPUT'), ASKED)).toEqual({
      outcome: 'invalid',
      name: null,
      address: null,
      requestDate: null,
      requestIdentifier: null,
      reason: 'INVALID_INPUT',
    });
  });

  it.each([
    [500, 'SERVICE_UNAVAILABLE'],
    [500, 'MS_UNAVAILABLE'],
    [200, 'MS_UNAVAILABLE'],
    [500, 'TIMEOUT'],
    [429, 'MS_MAX_CONCURRENT_REQ'],
    [429, 'GLOBAL_MAX_CONCURRENT_REQ'],
  ])('takes HTTP %i with %s as no answer', (status, code) => {
    expect(readViesReply(status, errors(code, 'OTHER'), ASKED)).toEqual({
      outcome: 'unavailable',
      reason: code,
    });
  });

  it('takes an error wrapper without a code as an unknown error', () => {
    expect(readViesReply(500, { errorWrappers: [{}] }, ASKED)).toEqual({
      outcome: 'unavailable',
      reason: 'UNKNOWN_ERROR',
    });
    expect(readViesReply(500, { errorWrappers: ['x'] }, ASKED)).toEqual({
      outcome: 'unavailable',
      reason: 'UNKNOWN_ERROR',
    });
  });

  it.each([
    [500, null, 'HTTP_500'],
    [502, answer(), 'HTTP_502'],
    [404, { message: 'Not Found' }, 'HTTP_404'],
    [200, null, 'MALFORMED_RESPONSE'],
    [200, 'valid', 'MALFORMED_RESPONSE'],
    [200, [answer()], 'MALFORMED_RESPONSE'],
    [200, answer({ valid: 'true' }), 'MALFORMED_RESPONSE'],
    [200, { errorWrappers: [] }, 'MALFORMED_RESPONSE'],
  ])('takes HTTP %i with %j as no answer (%s)', (status, body, reason) => {
    expect(readViesReply(status, body, ASKED)).toEqual({ outcome: 'unavailable', reason });
  });
});

describe('parseJson', () => {
  it('parses JSON and gives null for anything else', () => {
    expect(parseJson('{"valid":true}')).toEqual({ valid: true });
    expect(parseJson('<html>Service Unavailable</html>')).toBeNull();
    expect(parseJson('')).toBeNull();
  });
});
