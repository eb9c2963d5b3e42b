import type { ParcelStatus, StatusChangeSource } from '@depot/contracts';
import type { parcelStatusHistory } from '../../db/schema';
import type { DemoRandom } from './demo-random';

/**
 * How demo parcels got to their status (decision 0090): the status history after `new`, step by step, with where
 * each change came from and how long after the previous one it typically happens.
 */
export interface JourneyStep {
  status: ParcelStatus;
  source: StatusChangeSource;
  /** Hours after the previous change: [min, max). */
  hours: readonly [number, number];
  note?: string;
  /** A person made the change: a warehouse worker (scans, problems) or an administrator (cancelling). */
  by?: 'warehouse' | 'admin';
}

const step = (
  status: ParcelStatus,
  source: StatusChangeSource,
  hours: readonly [number, number],
  extra: Pick<JourneyStep, 'note' | 'by'> = {},
): JourneyStep => ({ status, source, hours, ...extra });

const PICKUP = step('pickup', 'scan', [3, 30], { by: 'warehouse' });
const CENTER = step('parcelCenter', 'scan', [2, 10], { by: 'warehouse' });
const TRANSPORT = step('inTransport', 'carrier', [3, 14]);
const DELIVERY = step('inDelivery', 'carrier', [8, 40]);
const DELIVERED = step('delivered', 'carrier', [1, 8]);
const ATTEMPT = step('firstAttempt', 'carrier', [1, 8], {
  note: 'Adresat nieobecny / recipient not at home',
});
const REDELIVERY = step('inDelivery', 'carrier', [16, 26]);
const PUDO = step('inPudo', 'carrier', [8, 40]);
const PUDO_COLLECTED = step('delivered', 'carrier', [4, 72]);
const PROBLEM = step('problem', 'panel', [1, 24], { note: 'Uszkodzone opakowanie', by: 'warehouse' });
const UNKNOWN = step('unknown', 'carrier', [24, 96]);
const INFO = step('info', 'carrier', [2, 24], { note: 'Niepełny adres odbiorcy' });
const RETURN = step('return', 'carrier', [24, 72], { note: 'Odmowa przyjęcia — zwrot do nadawcy' });
const TO_CANCEL = step('toCancel', 'panel', [1, 48], { by: 'admin' });
const CANCELED = step('canceled', 'job', [0.02, 0.5]);

const HANDED_OVER = [PICKUP, CENTER, TRANSPORT];

/** Every status with the ways a parcel reaches it (one is picked at random). `new` has no steps. */
export const JOURNEYS: Record<ParcelStatus, readonly (readonly JourneyStep[])[]> = {
  new: [[]],
  pickup: [[PICKUP]],
  parcelCenter: [[PICKUP, CENTER]],
  problem: [[PICKUP, CENTER, PROBLEM]],
  inTransport: [HANDED_OVER],
  inDelivery: [[...HANDED_OVER, DELIVERY]],
  delivered: [
    [...HANDED_OVER, DELIVERY, DELIVERED],
    [...HANDED_OVER, DELIVERY, DELIVERED],
    [...HANDED_OVER, DELIVERY, ATTEMPT, REDELIVERY, DELIVERED],
    [...HANDED_OVER, PUDO, PUDO_COLLECTED],
  ],
  return: [[...HANDED_OVER, DELIVERY, ATTEMPT, RETURN]],
  canceled: [[PICKUP, TO_CANCEL, CANCELED]],
  unknown: [[...HANDED_OVER, UNKNOWN]],
  inPudo: [[...HANDED_OVER, PUDO]],
  info: [[PICKUP, INFO]],
  toCancel: [[PICKUP, TO_CANCEL]],
  firstAttempt: [[...HANDED_OVER, DELIVERY, ATTEMPT]],
};

/** How often each status is the current one, in per mille: most parcels are delivered, every status shows up. */
export const STATUS_WEIGHTS: Record<ParcelStatus, number> = {
  new: 90,
  pickup: 55,
  parcelCenter: 50,
  problem: 25,
  inTransport: 80,
  inDelivery: 55,
  delivered: 420,
  return: 35,
  canceled: 30,
  unknown: 15,
  inPudo: 40,
  info: 20,
  toCancel: 15,
  firstAttempt: 25,
};

/** Step durations in ms, drawn at random within each step's range. */
export function stepDurations(steps: readonly JourneyStep[], rng: DemoRandom): number[] {
  return steps.map((s) => Math.round(rng.between(s.hours[0], s.hours[1]) * 3_600_000));
}

/**
 * When the parcel was created and when each step happened, all within [earliest, latest]: the start is drawn so
 * the whole journey fits; a journey longer than the window is compressed to fit it.
 */
export function journeyTimes(
  durations: readonly number[],
  earliest: number,
  latest: number,
  rng: DemoRandom,
): { createdAt: number; steps: number[] } {
  const window = Math.max(0, latest - earliest);
  const total = durations.reduce((s, d) => s + d, 0);
  const scale = total > window * 0.95 && total > 0 ? (window * 0.95) / total : 1;
  const scaled = durations.map((d) => Math.max(1, Math.floor(d * scale)));
  const length = scaled.reduce((s, d) => s + d, 0);
  const createdAt = earliest + Math.floor(rng.next() * Math.max(0, window - length));
  let at = createdAt;
  const steps = scaled.map((d) => Math.min(latest, (at += d)));
  return { createdAt, steps };
}

export type DemoHistoryRow = typeof parcelStatusHistory.$inferInsert;

/** The people demo status changes are made by (null when the demo user does not exist). */
export interface DemoStaff {
  adminId: string | null;
  warehouseId: string | null;
}

/** The history rows of a journey: `new` first, then each step with the status it left. */
export function historyOf(
  parcelId: string,
  steps: readonly JourneyStep[],
  times: { createdAt: number; steps: number[] },
  firstSource: StatusChangeSource,
  firstBy: string | null,
  staff: DemoStaff,
  rng: DemoRandom,
): DemoHistoryRow[] {
  const rows: DemoHistoryRow[] = [
    {
      parcelId,
      status: 'new',
      previousStatus: null,
      source: firstSource,
      changedById: firstSource === 'panel' ? firstBy : null,
      createdAt: new Date(times.createdAt),
    },
  ];
  steps.forEach((s, i) => {
    rows.push({
      parcelId,
      status: s.status,
      previousStatus: rows[i].status,
      source: s.source,
      changedById: s.by === 'warehouse' ? staff.warehouseId : s.by === 'admin' ? staff.adminId : null,
      note: s.note && rng.chance(0.8) ? s.note : null,
      createdAt: new Date(times.steps[i]),
    });
  });
  return rows;
}

/** First scan, delivery date and last change, from the history. */
export function datesOf(history: DemoHistoryRow[], createdAt: number) {
  const at = (r: DemoHistoryRow | undefined) => r?.createdAt ?? null;
  const delivered = [...history].reverse().find((r) => r.status === 'delivered');
  return {
    createdAt: new Date(createdAt),
    updatedAt: history[history.length - 1].createdAt!,
    firstScanAt: at(history.find((r) => r.source === 'scan')),
    deliveryDate: at(delivered),
  };
}
