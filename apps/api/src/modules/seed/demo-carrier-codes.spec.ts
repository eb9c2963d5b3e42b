import { CARRIER_STATUS_CODES } from '../../integrations/carriers/status-codes';
import { DEMO_UNMAPPED_SEEN, demoCarrierCode, demoStatusMapRows } from './demo-carrier-codes';
import { DEMO_OPERATORS } from './demo-routing';

describe('the demo status map (decision 0144)', () => {
  const rows = demoStatusMapRows(DEMO_OPERATORS.map((o) => o.type));

  it('holds the published lists of the demo carriers’ types, each code of a type once', () => {
    const types = [...new Set(DEMO_OPERATORS.map((o) => o.type))];
    expect(new Set(rows.map((r) => r.operatorType))).toEqual(new Set(types));
    expect(rows).toHaveLength(types.reduce((n, t) => n + (CARRIER_STATUS_CODES[t]?.length ?? 0), 0));
    expect(new Set(rows.map((r) => `${r.operatorType} ${r.code}`)).size).toBe(rows.length);
    expect(rows.find((r) => r.operatorType === 'INPOST' && r.code === 'delivered')).toEqual({
      operatorType: 'INPOST',
      code: 'delivered',
      description: 'Delivered',
      dbName: 'delivered',
      isTerminal: true,
    });
    // No demo carrier is Landmark; a type named twice or not a carrier type adds nothing more.
    expect(rows.some((r) => r.operatorType === 'LANDMARK')).toBe(false);
    expect(demoStatusMapRows(['GLS', 'GLS', 'NOPE'])).toHaveLength(CARRIER_STATUS_CODES.GLS!.length);
  });

  it('names as seen but not mapped codes of a demo carrier’s list that nobody mapped', () => {
    for (const u of DEMO_UNMAPPED_SEEN) {
      expect(rows.find((r) => r.operatorType === u.operatorType && r.code === u.code)).toMatchObject({
        dbName: null,
        isTerminal: false,
      });
      expect(u.parcels).toBeGreaterThan(0);
    }
  });

  it('stands a status on the first code of the carrier type meaning it', () => {
    expect(demoCarrierCode('INPOST', 'delivered')?.code).toBe('delivered');
    expect(demoCarrierCode('INPOST', 'inDelivery')?.code).toBe('out_for_delivery');
    expect(demoCarrierCode('UPS', 'inTransport')?.code).toBe('I');
    expect(demoCarrierCode('DPD', 'delivered')?.code).toBe('190101');
    expect(demoCarrierCode('PACKETA', 'inPudo')?.code).toBe('ready for pickup');
    expect(demoCarrierCode('UPS', 'inPudo')).toBeUndefined();
    expect(demoCarrierCode('FEDEX', 'delivered')).toBeUndefined();
    expect(demoCarrierCode(undefined, 'delivered')).toBeUndefined();
  });
});
