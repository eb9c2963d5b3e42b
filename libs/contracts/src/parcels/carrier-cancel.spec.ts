import { carrierNote, parseCarrierNote } from './carrier-cancel';

describe('carrier history notes', () => {
  it('writes a code alone or with the carrier reason on one line', () => {
    expect(carrierNote('carrier.notAsked')).toBe('carrier.notAsked');
    expect(carrierNote('carrier.refused', ' 190117: Void period\n has expired ')).toBe(
      'carrier.refused:190117: Void period has expired',
    );
    expect(carrierNote('carrier.unavailable', 'x'.repeat(500))).toHaveLength(
      'carrier.unavailable:'.length + 300,
    );
  });

  it('reads its own notes back, reasons with colons included, and leaves other notes alone', () => {
    expect(parseCarrierNote('carrier.canceled')).toEqual({ code: 'carrier.canceled', reason: '' });
    expect(parseCarrierNote('carrier.refused:invalid_action: not allowed')).toEqual({
      code: 'carrier.refused',
      reason: 'invalid_action: not allowed',
    });
    expect(parseCarrierNote('Left at the door: blue gate')).toBeNull();
    expect(parseCarrierNote('carrier.other:x')).toBeNull();
    expect(parseCarrierNote(null)).toBeNull();
  });
});
