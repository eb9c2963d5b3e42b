import { CARRIER_STATUS_CODES } from '../integrations/carriers/status-codes';
import { SANDBOX_JOURNEYS, SANDBOX_TYPES, SandboxJourneys, type SandboxFakes } from './sandbox-journeys';

const ORDER = ['pickup', 'parcelCenter', 'inTransport', 'inDelivery', 'delivered'];

describe('sandbox journeys', () => {
  it.each(SANDBOX_TYPES)(
    '%s walks its own published codes forward, ending delivered and terminal',
    (type) => {
      const codes = CARRIER_STATUS_CODES[type]!;
      const steps = SANDBOX_JOURNEYS[type].map((code) => codes.find((c) => c.code === code));
      expect(steps.every(Boolean)).toBe(true);
      const ranks = steps.map((s) => ORDER.indexOf(s!.dbName!));
      expect(ranks.every((r) => r >= 0)).toBe(true);
      expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
      expect(steps.at(-1)).toMatchObject({ dbName: 'delivered', isTerminal: true });
    },
  );

  it('moves each registered shipment one step per tick, in its fake’s own terms, and stops when delivered', () => {
    const inpost = { setEvents: jest.fn(), onCreated: null as unknown };
    const dpd = { setEvents: jest.fn(), onCreated: null as unknown };
    const fakes = { INPOST: inpost, DPD: dpd } as unknown as Partial<SandboxFakes>;
    const journeys = new SandboxJourneys(fakes, 60_000);
    try {
      (inpost.onCreated as (s: unknown) => void)({
        shipmentId: '1',
        trackingNumber: 'T1',
        createdAt: new Date(),
      });
      (dpd.onCreated as (s: unknown) => void)({
        shipmentId: '2',
        trackingNumber: 'W2',
        createdAt: new Date(),
      });
      const at = new Date(Date.UTC(2026, 10, 28, 10));
      journeys.step(at);
      expect(inpost.setEvents).toHaveBeenLastCalledWith('T1', [{ status: 'collected_from_sender', at }]);
      // DPD's queue gets only the new event.
      expect(dpd.setEvents).toHaveBeenLastCalledWith('W2', [
        { code: '040101', description: 'Parcel collected by courier', at },
      ]);
      for (let i = 0; i < 10; i++) journeys.step(at);
      expect(inpost.setEvents).toHaveBeenCalledTimes(SANDBOX_JOURNEYS.INPOST.length);
      expect(inpost.setEvents.mock.lastCall[1].map((e: { status: string }) => e.status)).toEqual(
        SANDBOX_JOURNEYS.INPOST,
      );
      expect(dpd.setEvents).toHaveBeenCalledTimes(SANDBOX_JOURNEYS.DPD.length);
    } finally {
      journeys.stop();
    }
  });
});
