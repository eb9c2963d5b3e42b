import type { OperatorType } from '@depot/contracts';
import { CARRIER_STATUS_CODES } from '../integrations/carriers/status-codes';
import type { FakeShipment } from './carriers/fake-carrier-server';
import type { FakeDpd } from './carriers/fake-dpd';
import type { FakeGls } from './carriers/fake-gls';
import type { FakeInpost } from './carriers/fake-inpost';
import type { FakeLandmark } from './carriers/fake-landmark';
import type { FakePacketa } from './carriers/fake-packeta';
import type { FakeUps } from './carriers/fake-ups';

/**
 * The journey a sandbox carrier takes every shipment it registered on (decision 0148): its own codes, one step at a
 * time — picked up, at a depot, on the way, out for delivery, delivered — each from the carrier's published list (the
 * status map the demo seeds), so the status refresh reads them through the map like a real carrier's.
 */
export const SANDBOX_JOURNEYS: Readonly<Record<SandboxType, readonly string[]>> = {
  INPOST: [
    'collected_from_sender',
    'adopted_at_sorting_center',
    'sent_from_sorting_center',
    'out_for_delivery',
    'delivered',
  ],
  UPS: ['P', 'I', 'D'],
  PACKETA: ['arrived', 'departed', 'delivered'],
  DPD: ['040101', '050101', '170101', '190101'],
  GLS: ['INPICKUP', 'INWAREHOUSE', 'INTRANSIT', 'INDELIVERY', 'DELIVERED'],
  LANDMARK: ['225', '275', '300', '500'],
};

export const SANDBOX_TYPES = [
  'INPOST',
  'UPS',
  'PACKETA',
  'DPD',
  'GLS',
  'LANDMARK',
] as const satisfies OperatorType[];
export type SandboxType = (typeof SANDBOX_TYPES)[number];

/** Packeta's numeric status of each code (its tracking records carry both). */
const PACKETA_STATUS: Readonly<Record<string, number>> = { arrived: 2, departed: 4, delivered: 7 };

export type SandboxFakes = {
  INPOST: FakeInpost;
  UPS: FakeUps;
  PACKETA: FakePacketa;
  DPD: FakeDpd;
  GLS: FakeGls;
  LANDMARK: FakeLandmark;
};

interface Step {
  code: string;
  description: string;
  at: Date;
}

const describe = (type: SandboxType, code: string): string =>
  CARRIER_STATUS_CODES[type]?.find((c) => c.code === code)?.description ?? code;

/** Tells a fake what its shipment's journey holds so far, in the fake's own terms (`steps` oldest first). */
function tell<T extends SandboxType>(
  type: T,
  fake: SandboxFakes[T],
  number: string,
  steps: readonly Step[],
): void {
  const last = steps.at(-1)!;
  switch (type) {
    case 'INPOST':
      (fake as FakeInpost).setEvents(
        number,
        steps.map((s) => ({ status: s.code, at: s.at })),
      );
      break;
    case 'UPS':
      (fake as FakeUps).setEvents(
        number,
        steps.map((s) => ({ type: s.code, description: s.description, at: s.at })),
      );
      break;
    case 'PACKETA':
      (fake as FakePacketa).setEvents(
        number,
        steps.map((s) => ({
          statusCode: PACKETA_STATUS[s.code] ?? 1,
          codeText: s.code,
          statusText: s.description,
          at: s.at,
        })),
      );
      break;
    case 'DPD':
      // DPD's is a queue of events not yet read: only the new one is added.
      (fake as FakeDpd).setEvents(number, [last]);
      break;
    case 'GLS':
      (fake as FakeGls).setParcel(number, { status: last.code, statusAt: last.at, events: [...steps] });
      break;
    case 'LANDMARK':
      (fake as FakeLandmark).setEvents(
        number,
        steps.map((s) => ({ code: s.code, status: s.description, at: s.at })),
      );
      break;
  }
}

/**
 * Moves every shipment the sandboxes registered one step along its journey every `stepMs`, until delivered. Only
 * shipments registered while the app runs move (the sandboxes keep nothing across restarts).
 */
export class SandboxJourneys {
  private readonly moving = new Map<string, { type: SandboxType; number: string; steps: Step[] }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly fakes: Partial<SandboxFakes>,
    stepMs: number,
  ) {
    for (const type of SANDBOX_TYPES) {
      const fake = fakes[type];
      if (fake) fake.onCreated = (s: FakeShipment) => this.start(type, s);
    }
    this.timer = setInterval(() => this.step(), stepMs);
    this.timer.unref();
  }

  start(type: SandboxType, shipment: FakeShipment): void {
    this.moving.set(`${type}:${shipment.trackingNumber}`, {
      type,
      number: shipment.trackingNumber,
      steps: [],
    });
  }

  /** One step for every shipment on its way (public for the tests). */
  step(now = new Date()): void {
    for (const [key, m] of this.moving) {
      const journey = SANDBOX_JOURNEYS[m.type];
      const code = journey[m.steps.length];
      m.steps.push({ code, description: describe(m.type, code), at: now });
      tell(m.type, this.fakes[m.type] as never, m.number, m.steps);
      if (m.steps.length >= journey.length) this.moving.delete(key);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
