import { isOperatorType, PARCEL_STATUSES, type OperatorType, type ParcelStatus } from '@depot/contracts';
import { GLS_STATUSES } from './gls-tracking';
import { LANDMARK_STATUSES } from './landmark-tracking';
import { CARRIER_STATUS_CODES, type CarrierStatusCode } from './status-codes';

const lists = Object.entries(CARRIER_STATUS_CODES) as [OperatorType, readonly CarrierStatusCode[]][];
const listOf = (type: OperatorType) => CARRIER_STATUS_CODES[type] ?? [];
const meaning = (type: OperatorType, code: string) => {
  const row = listOf(type).find((c) => c.code === code);
  return row && { dbName: row.dbName, isTerminal: row.isTerminal };
};

describe('carriers’ published status codes', () => {
  it('has the lists of InPost, UPS, GLS, DPD, Packeta and Landmark, each of a carrier type', () => {
    expect(lists.map(([type]) => type).sort()).toEqual([
      'DPD',
      'GLS',
      'INPOST',
      'LANDMARK',
      'PACKETA',
      'UPS',
    ]);
    for (const [type, list] of lists) {
      expect(isOperatorType(type)).toBe(true);
      expect(list.length).toBeGreaterThan(0);
    }
  });

  it.each(lists)('%s: each code once, within the status map’s lengths, trimmed', (_type, list) => {
    const codes = list.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of list) {
      expect(c.code.length).toBeGreaterThanOrEqual(1);
      expect(c.code.length).toBeLessThanOrEqual(100);
      expect(c.code.trim()).toBe(c.code);
      expect(c.description.length).toBeGreaterThanOrEqual(1);
      expect(c.description.length).toBeLessThanOrEqual(500);
      expect(c.description.trim()).toBe(c.description);
    }
  });

  it.each(lists)('%s: maps to internal statuses only, never toCancel', (_type, list) => {
    for (const c of list) {
      expect(c.dbName === null || (PARCEL_STATUSES as readonly string[]).includes(c.dbName)).toBe(true);
      expect(c.dbName).not.toBe('toCancel' satisfies ParcelStatus);
    }
  });

  it.each(lists)(
    '%s: has a terminal delivered code, and a cancelled code always ends tracking',
    (_type, list) => {
      expect(list.some((c) => c.dbName === 'delivered' && c.isTerminal)).toBe(true);
      for (const c of list.filter((x) => x.dbName === 'canceled')) expect(c.isTerminal).toBe(true);
      // Only what ends a parcel's journey ends tracking (GLS FINAL closes its history without a status).
      for (const c of list.filter((x) => x.isTerminal))
        expect([null, 'delivered', 'return', 'canceled']).toContain(c.dbName);
    },
  );

  it('reads InPost ShipX codes as staff expect', () => {
    expect(meaning('INPOST', 'delivered')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('INPOST', 'out_for_delivery')).toEqual({ dbName: 'inDelivery', isTerminal: false });
    expect(meaning('INPOST', 'created')).toEqual({ dbName: 'new', isTerminal: false });
    expect(meaning('INPOST', 'taken_by_courier')).toEqual({ dbName: 'pickup', isTerminal: false });
    expect(meaning('INPOST', 'adopted_at_sorting_center')).toEqual({
      dbName: 'parcelCenter',
      isTerminal: false,
    });
    expect(meaning('INPOST', 'sent_from_sorting_center')).toEqual({
      dbName: 'inTransport',
      isTerminal: false,
    });
    expect(meaning('INPOST', 'ready_to_pickup')).toEqual({ dbName: 'inPudo', isTerminal: false });
    expect(meaning('INPOST', 'avizo')).toEqual({ dbName: 'firstAttempt', isTerminal: false });
    expect(meaning('INPOST', 'returned_to_sender')).toEqual({ dbName: 'return', isTerminal: true });
    expect(meaning('INPOST', 'canceled')).toEqual({ dbName: 'canceled', isTerminal: true });
    expect(meaning('INPOST', 'other')).toEqual({ dbName: null, isTerminal: false });
    for (const c of [
      'offers_prepared',
      'offer_selected',
      'confirmed',
      'dispatched_by_sender',
      'dispatched_by_sender_to_pok',
      'collected_from_sender',
      'adopted_at_source_branch',
      'sent_from_source_branch',
      'adopted_at_target_branch',
      'pickup_time_expired',
    ])
      expect(meaning('INPOST', c)).toBeDefined();
  });

  it('reads UPS status types and activity codes', () => {
    expect(meaning('UPS', 'D')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('UPS', 'I')).toEqual({ dbName: 'inTransport', isTerminal: false });
    expect(meaning('UPS', 'M')).toEqual({ dbName: 'new', isTerminal: false });
    expect(meaning('UPS', 'MV')).toEqual({ dbName: 'canceled', isTerminal: true });
    expect(meaning('UPS', 'X')).toEqual({ dbName: 'problem', isTerminal: false });
    expect(meaning('UPS', 'P')).toEqual({ dbName: 'pickup', isTerminal: false });
    expect(meaning('UPS', 'OT')).toEqual({ dbName: 'inDelivery', isTerminal: false });
    expect(meaning('UPS', 'AR')).toEqual({ dbName: 'parcelCenter', isTerminal: false });
    expect(meaning('UPS', 'RS')).toEqual({ dbName: 'return', isTerminal: true });
  });

  it('reads GLS statuses as GLS’s adapter names them, FINAL ending tracking unmapped', () => {
    expect(listOf('GLS').map((c) => c.code)).toEqual(Object.keys(GLS_STATUSES));
    for (const c of listOf('GLS')) expect(c.description).toBe(GLS_STATUSES[c.code]);
    expect(meaning('GLS', 'DELIVERED')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('GLS', 'INDELIVERY')).toEqual({ dbName: 'inDelivery', isTerminal: false });
    expect(meaning('GLS', 'DELIVEREDPS')).toEqual({ dbName: 'inPudo', isTerminal: false });
    expect(meaning('GLS', 'NOTDELIVERED')).toEqual({ dbName: 'firstAttempt', isTerminal: false });
    expect(meaning('GLS', 'CANCELED')).toEqual({ dbName: 'canceled', isTerminal: true });
    expect(meaning('GLS', 'FINAL')).toEqual({ dbName: null, isTerminal: true });
  });

  it('reads DPD Polska business codes: six digits, the unexplained ones unmapped', () => {
    for (const c of listOf('DPD')) expect(c.code).toMatch(/^\d{6}$/);
    expect(meaning('DPD', '190101')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('DPD', '040101')).toEqual({ dbName: 'pickup', isTerminal: false });
    expect(meaning('DPD', '170101')).toEqual({ dbName: 'inDelivery', isTerminal: false });
    expect(meaning('DPD', '200201')).toEqual({ dbName: 'firstAttempt', isTerminal: false });
    expect(meaning('DPD', '200400')).toEqual({ dbName: 'problem', isTerminal: false });
    expect(meaning('DPD', '330438')).toEqual({ dbName: null, isTerminal: false });
    expect(meaning('DPD', '400133')).toEqual({ dbName: null, isTerminal: false });
  });

  it('reads Packeta codeTexts', () => {
    expect(meaning('PACKETA', 'delivered')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('PACKETA', 'ready for pickup')).toEqual({ dbName: 'inPudo', isTerminal: false });
    expect(meaning('PACKETA', 'posted back')).toEqual({ dbName: 'return', isTerminal: false });
    expect(meaning('PACKETA', 'returned')).toEqual({ dbName: 'return', isTerminal: true });
    expect(meaning('PACKETA', 'cancelled')).toEqual({ dbName: 'canceled', isTerminal: true });
    expect(meaning('PACKETA', 'unknown')).toEqual({ dbName: 'unknown', isTerminal: false });
  });

  it('reads Landmark event codes as Landmark’s adapter names them', () => {
    expect(listOf('LANDMARK').map((c) => c.code)).toEqual(Object.keys(LANDMARK_STATUSES));
    for (const c of listOf('LANDMARK')) expect(c.description).toBe(LANDMARK_STATUSES[c.code]);
    expect(meaning('LANDMARK', '225')).toEqual({ dbName: 'parcelCenter', isTerminal: false });
    expect(meaning('LANDMARK', '410')).toEqual({ dbName: 'inPudo', isTerminal: false });
    expect(meaning('LANDMARK', '500')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('LANDMARK', '510')).toEqual({ dbName: 'delivered', isTerminal: true });
    expect(meaning('LANDMARK', '900')).toEqual({ dbName: 'problem', isTerminal: false });
  });
});
