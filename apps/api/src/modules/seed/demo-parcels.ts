import {
  COUNTRY_CODES,
  defaultParcelDateRange,
  type CountryCode,
  type ParcelStatus,
  type StatusChangeSource,
} from '@depot/contracts';
import { formatInternalNumber, orderTypeFor, type OperatorLimit } from '@depot/domain';
import type { ParcelAddress, parcels } from '../../db/schema';
import type { ExplainedMatrix } from '../matrices/route-explanation';
import { standOnCarrierCodes, type DemoSeenCode } from './demo-carrier-codes';
import {
  dropOffPoint,
  goods,
  note,
  recipient,
  referenceNumber,
  SOURCE_WEIGHTS,
  trackingNumber,
} from './demo-parcel-fields';
import {
  datesOf,
  historyOf,
  JOURNEYS,
  journeyTimes,
  STATUS_WEIGHTS,
  stepDurations,
  type DemoHistoryRow,
  type DemoStaff,
} from './demo-parcel-journeys';
import { routeParcel, type RouteColumns } from './demo-parcel-routing';
import { DEMO_COUNTRIES } from './demo-places';
import { DemoRandom } from './demo-random';

/**
 * Demo parcels (decision 0090), built in memory from the demo clients, matrices and carriers: pure, so the same
 * seed and `now` give the same rows, and the seed only has to insert them in batches.
 */

export type DemoParcelRow = typeof parcels.$inferInsert & {
  id: string;
  internalNumber: string;
  createdAt: Date;
};

/** A demo client that gets parcels (active, with a prefix). */
export interface DemoParcelClient {
  id: string;
  shortName: string;
  prefix: string;
  /** Where its parcels are picked up: the standard pickup address, else the client's own address. */
  pickupAddress: ParcelAddress;
  firstMile: boolean;
  autoReturnPackages: boolean;
  domesticMatrixTitle: string | null;
  returnMatrixTitle: string | null;
  /** Its users, who place its form orders; none → an administrator does. */
  userIds: string[];
}

export interface DemoParcelInput {
  clients: DemoParcelClient[];
  matrices: ExplainedMatrix[];
  operators: (OperatorLimit & { type: string })[];
  staff: DemoStaff;
  now: Date;
  count: number;
  seed: number;
}

export interface DemoParcels {
  parcels: DemoParcelRow[];
  history: DemoHistoryRow[];
  /** The last number used per client (client_parcel_counters). */
  counters: { clientId: string; lastNumber: number }[];
  /** What the status map saw of the carrier codes the parcels stand on (demo-carrier-codes). */
  seenCodes: DemoSeenCode[];
}

/** The share of parcels each demo client gets, by short name (others get a small share). */
const CLIENT_WEIGHTS: Record<string, number> = {
  DEMO: 30,
  GADZETY: 18,
  'MODA-CZ': 12,
  'NORDIC-PL': 12,
  NORDIC: 10,
  'NORDIC-DE': 8,
  BLOKADA: 6,
};

const DAY = 86_400_000;
/** How far back demo parcels go. */
export const DEMO_PARCEL_DAYS = 60;
export const DEMO_PARCEL_COUNT = 3000;
export const DEMO_PARCEL_SEED = 20_260_101;

/**
 * The window parcels are created in: the last 60 days, but never before 1 January (Warsaw) of the current year, so
 * the list's default range (the current year) shows every demo parcel.
 */
export function demoParcelWindow(now: Date): { earliest: number; latest: number } {
  const yearStart = Date.parse(`${defaultParcelDateRange(now).dateFrom}T00:00:00+01:00`);
  return { earliest: Math.max(now.getTime() - DEMO_PARCEL_DAYS * DAY, yearStart), latest: now.getTime() };
}

interface Draft {
  row: Omit<DemoParcelRow, 'internalNumber'>;
  client: DemoParcelClient;
  history: DemoHistoryRow[];
  /** When the parcel reached `return`, if it did. */
  returnedAt: number | null;
}

export function buildDemoParcels(input: DemoParcelInput): DemoParcels {
  const rng = new DemoRandom(input.seed);
  const { earliest, latest } = demoParcelWindow(input.now);
  const year = Number(defaultParcelDateRange(input.now).dateFrom.slice(0, 4));
  const operatorTypes = new Map(input.operators.map((o) => [o.operatorId, o.type]));
  const clientWeights = Object.fromEntries(
    input.clients.map((c, i) => [String(i), CLIENT_WEIGHTS[c.shortName] ?? 4]),
  );

  const route = (
    client: DemoParcelClient,
    from: CountryCode,
    to: CountryCode,
    weightKg: string,
    isReturn: boolean,
    at: number,
  ) =>
    routeParcel(
      input,
      client,
      { pickupCountry: from, destinationCountry: to, weightKg: Number(weightKg), isReturn },
      at,
    );

  const drafts: Draft[] = [];
  for (let i = 0; i < input.count; i++) {
    const client = input.clients[Number(rng.weighted(clientWeights))];
    const status = rng.weighted(STATUS_WEIGHTS);
    const steps = rng.pick(JOURNEYS[status]);
    // Parcels still "new" were mostly created in the last few days.
    const from = status === 'new' && rng.chance(0.85) ? Math.max(earliest, latest - 4 * DAY) : earliest;
    const times = journeyTimes(stepDurations(steps, rng), from, latest, rng);
    const source = rng.weighted(SOURCE_WEIGHTS);
    const pickup = client.pickupAddress;
    const pickupCountry = pickup.country as CountryCode;
    const destinationCountry = destinationFor(pickupCountry, rng);
    const destination = recipient(destinationCountry, rng);
    const g = goods(pickupCountry === 'PL', rng);
    const routed = route(client, pickupCountry, destinationCountry, g.weightKg, false, times.createdAt);
    const type = routed.operatorId ? operatorTypes.get(routed.operatorId) : undefined;
    const handedOver = status !== 'new';
    const tracking = handedOver && type ? trackingNumber(type, rng) : null;
    const cod = rng.chance(destinationCountry === pickupCountry ? 0.3 : 0.08);
    const createdById =
      source === 'form' || source === 'file' ? (client.userIds[0] ?? input.staff.adminId) : null;
    const id = rng.uuid();
    const history = historyOf(id, steps, times, newSourceOf(source), createdById, input.staff, rng);
    drafts.push({
      client,
      returnedAt: status === 'return' ? times.steps[times.steps.length - 1] : null,
      history,
      row: {
        id,
        clientId: client.id,
        orderType: orderTypeFor(pickupCountry, destinationCountry),
        source,
        status,
        referenceNumber: referenceNumber(source, year, rng),
        externalNumber: tracking,
        lastMileNumber: tracking,
        firstMileNumber: handedOver && client.firstMile ? `FM${rng.digits(10)}` : null,
        ...g,
        valueCurrency: DEMO_COUNTRIES[pickupCountry].currency,
        note1: note(rng, 0.08),
        note2: note(rng, 0.02),
        pickupAddress: pickup,
        destinationAddress: destination,
        pickupCountry,
        destinationCountry,
        codAmount: cod ? g.value : null,
        codCurrency: cod ? DEMO_COUNTRIES[destinationCountry].currency : null,
        insuranceAmount: rng.chance(0.1) ? g.value : null,
        dropOffPoint: dropOffPoint(type, rng),
        ...routed,
        createdById,
        ...datesOf(history, times.createdAt),
      },
    });
  }
  drafts.push(...returnsOf(drafts, input, latest, rng, route));
  const seenCodes = standOnCarrierCodes(drafts, operatorTypes, input.now);
  return { ...numbered(drafts), seenCodes };
}

/** Polish senders ship 60% at home; foreign ones 45%; the rest goes anywhere supported, evenly. */
function destinationFor(pickupCountry: CountryCode, rng: DemoRandom): CountryCode {
  if (rng.chance(pickupCountry === 'PL' ? 0.6 : 0.45)) return pickupCountry;
  return rng.pick(COUNTRY_CODES.filter((c) => c !== pickupCountry));
}

/** The `new` history row's source, as the parcels module writes it: panel for people, api for keys, else system. */
function newSourceOf(source: string): StatusChangeSource {
  if (source === 'form' || source === 'file') return 'panel';
  return source === 'api' ? 'api' : 'system';
}

/** Return journeys: most returns are still on their way back. */
const RETURN_STATUS_WEIGHTS: Record<'new' | 'pickup' | 'inTransport' | 'delivered', number> = {
  new: 3,
  pickup: 2,
  inTransport: 2,
  delivered: 3,
};

/**
 * Return parcels (order type internalReturn, source parcel) of parcels that reached `return`: always for clients
 * with autoReturnPackages (made by the system a minute later), for others half of them (made by an administrator
 * within two days). Their own journey is cut to what fits before now.
 */
function returnsOf(
  drafts: Draft[],
  input: DemoParcelInput,
  latest: number,
  rng: DemoRandom,
  route: (
    c: DemoParcelClient,
    f: CountryCode,
    t: CountryCode,
    w: string,
    r: boolean,
    at: number,
  ) => RouteColumns,
): Draft[] {
  const out: Draft[] = [];
  for (const original of drafts) {
    if (original.returnedAt === null) continue;
    const auto = original.client.autoReturnPackages;
    if (!auto && rng.chance(0.5)) continue;
    const createdAt = original.returnedAt + (auto ? rng.int(1, 5) * 60_000 : rng.int(2, 48) * 3_600_000);
    if (createdAt > latest) continue;
    const o = original.row;
    const steps = [...rng.pick(JOURNEYS[rng.weighted(RETURN_STATUS_WEIGHTS)])];
    let durations = stepDurations(steps, rng);
    while (steps.length > 0 && createdAt + durations.reduce((s, d) => s + d, 0) > latest) {
      steps.pop();
      durations = durations.slice(0, -1);
    }
    let at = createdAt;
    const times = { createdAt, steps: durations.map((d) => (at += d)) };
    const id = rng.uuid();
    const history = historyOf(
      id,
      steps,
      times,
      auto ? 'system' : 'panel',
      input.staff.adminId,
      input.staff,
      rng,
    );
    const status = history[history.length - 1].status as ParcelStatus;
    const from = o.destinationCountry as CountryCode;
    const to = o.pickupCountry as CountryCode;
    const routed = route(original.client, from, to, o.weightKg, true, createdAt);
    const type = input.operators.find((op) => op.operatorId === routed.operatorId)?.type;
    const tracking = status !== 'new' && type ? trackingNumber(type, rng) : null;
    out.push({
      client: original.client,
      returnedAt: null,
      history,
      row: {
        ...o,
        id,
        orderType: 'internalReturn',
        source: 'parcel',
        status,
        externalNumber: tracking,
        lastMileNumber: tracking,
        firstMileNumber: null,
        pickupAddress: o.destinationAddress,
        destinationAddress: o.pickupAddress,
        pickupCountry: from,
        destinationCountry: to,
        codAmount: null,
        codCurrency: null,
        insuranceAmount: null,
        dropOffPoint: null,
        note1: null,
        note2: null,
        ...routed,
        returnOfId: o.id,
        createdById: auto ? null : input.staff.adminId,
        ...datesOf(history, createdAt),
      },
    });
  }
  return out;
}

/** Internal numbers per client in creation order (libs/domain numbering); the counters end at the last one. */
function numbered(drafts: Draft[]): Omit<DemoParcels, 'seenCodes'> {
  const byClient = new Map<string, Draft[]>();
  for (const d of drafts) byClient.set(d.client.id, [...(byClient.get(d.client.id) ?? []), d]);
  const parcelsOut: DemoParcelRow[] = [];
  const counters: DemoParcels['counters'] = [];
  for (const [clientId, list] of byClient) {
    const ordered = list
      .map((d, i) => ({ d, i }))
      .sort((a, b) => a.d.row.createdAt.getTime() - b.d.row.createdAt.getTime() || a.i - b.i);
    ordered.forEach(({ d }, n) =>
      parcelsOut.push({ ...d.row, internalNumber: formatInternalNumber(d.client.prefix, n + 1) }),
    );
    counters.push({ clientId, lastNumber: ordered.length });
  }
  parcelsOut.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const byId = new Map(drafts.map((d) => [d.row.id, d]));
  return {
    parcels: parcelsOut,
    history: parcelsOut.flatMap((p) => byId.get(p.id)!.history),
    counters,
  };
}
