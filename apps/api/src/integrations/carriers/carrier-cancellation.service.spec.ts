import pino from 'pino';
import { loadConfig } from '../../config/config';
import { CarrierCancellationService } from './carrier-cancellation.service';

const service = (env: Record<string, string>) =>
  new CarrierCancellationService(loadConfig(env), pino({ level: 'silent' }));

describe('CarrierCancellationService', () => {
  it('asks only types with an adapter whose base URL is configured', () => {
    const s = service({ CARRIER_UPS_URL: 'http://127.0.0.1:9' });
    expect(s.canAsk('UPS')).toBe(true);
    expect(s.canAsk('INPOST')).toBe(false);
    expect(s.canAsk('PACKETA')).toBe(false);
    expect(s.canAsk('DPD')).toBe(false);
    expect(s.canAsk('nonsense')).toBe(false);
  });

  it('nothing configured: nobody is asked, and a call says so without a request', async () => {
    const s = service({});
    expect(['UPS', 'INPOST', 'PACKETA'].map((t) => s.canAsk(t))).toEqual([false, false, false]);
    expect(
      await s.cancelShipment({ operatorType: 'INPOST', config: { apiToken: 'x' }, shipmentId: '1' }),
    ).toEqual({ kind: 'unavailable', reason: 'NOT_CONFIGURED' });
  });

  it('a carrier that cannot be reached is unavailable (connection failed), never an exception', async () => {
    const s = service({ CARRIER_INPOST_URL: 'http://127.0.0.1:9', CARRIER_TIMEOUT_MS: '1000' });
    expect(
      await s.cancelShipment({ operatorType: 'INPOST', config: { apiToken: 'x' }, shipmentId: '1' }),
    ).toEqual({ kind: 'unavailable', reason: 'CONNECTION_FAILED' });
  });
});
