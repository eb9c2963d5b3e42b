import { isOperatorType, type OperatorType, type ParcelStatus } from '@depot/contracts';
import type { statusMap } from '../../db/schema';
import { CARRIER_STATUS_CODES, type CarrierStatusCode } from '../../integrations/carriers/status-codes';
import type { DemoHistoryRow } from './demo-parcel-journeys';

/**
 * The demo's status map (decision 0144): the published code lists of the demo carriers' types, and the carrier codes
 * demo parcels stand on. A parcel whose last status change came from its carrier stands on the first code of its
 * carrier type's list that means that status, and each carrier change of its history carries the code that made it
 * (as the status refresh writes them); statuses set by people, scans or jobs stand on none. A few DPD parcels in
 * transport have since been told codes nobody mapped (DEMO_UNMAPPED_SEEN), so the map shows codes seen but not
 * mapped, and mapping one moves those parcels.
 */

export type DemoStatusMapRow = typeof statusMap.$inferInsert;

/** The status map's rows for these carrier types (each type once, in the order given): their published lists. */
export function demoStatusMapRows(types: readonly string[]): DemoStatusMapRow[] {
  const known = [...new Set(types)].filter(isOperatorType);
  return known.flatMap((operatorType) =>
    (CARRIER_STATUS_CODES[operatorType] ?? []).map((c) => ({
      operatorType,
      code: c.code,
      description: c.description,
      dbName: c.dbName,
      isTerminal: c.isTerminal,
    })),
  );
}

/** Codes the demo says DPD told about parcels in transport though nobody mapped them: how many parcels each. */
export const DEMO_UNMAPPED_SEEN: { operatorType: OperatorType; code: string; parcels: number }[] = [
  { operatorType: 'DPD', code: '330438', parcels: 3 },
  { operatorType: 'DPD', code: '400133', parcels: 1 },
];

/** What the demo saw of one code: how often, last when, and the first parcel it was seen on. */
export interface DemoSeenCode {
  operatorType: OperatorType;
  code: string;
  seenCount: number;
  lastSeenAt: Date;
  exampleParcelId: string;
}

const listOf = (type: string | undefined): readonly CarrierStatusCode[] =>
  type !== undefined && isOperatorType(type) ? (CARRIER_STATUS_CODES[type] ?? []) : [];

/** The first code of a carrier type's list that means `status`, if any. */
export function demoCarrierCode(
  type: string | undefined,
  status: ParcelStatus,
): CarrierStatusCode | undefined {
  return listOf(type).find((c) => c.dbName === status);
}

/** A demo parcel as far as its carrier code goes: the row's columns and its history (both written in place). */
interface CodedParcel {
  row: {
    id: string;
    status?: string;
    operatorId?: string | null;
    externalNumber?: string | null;
    updatedAt?: Date;
    carrierStatusCode?: string | null;
    carrierEventAt?: Date | null;
  };
  history: DemoHistoryRow[];
}

/**
 * Gives demo parcels their carrier codes (in place) and answers what the map saw: every carrier change of a history
 * gets the code of its carrier type meaning its status (with the carrier's words and the change's time); a parcel
 * whose last change is such a coded change stands on it; then the DPD parcels in transport changed last are told
 * the DEMO_UNMAPPED_SEEN codes, halfway between that change and `now`. Each code's count is how many changes (or
 * unmapped events) had it, its example the parcel that had it first.
 */
export function standOnCarrierCodes(
  parcels: readonly CodedParcel[],
  typeOf: ReadonlyMap<string, string>,
  now: Date,
): DemoSeenCode[] {
  const seen = new Map<string, DemoSeenCode>();
  const firstAt = new Map<string, number>();
  const see = (operatorType: OperatorType, code: string, at: Date, parcelId: string) => {
    const key = `${operatorType}\n${code}`;
    const known = seen.get(key);
    if (!known) {
      seen.set(key, { operatorType, code, seenCount: 1, lastSeenAt: at, exampleParcelId: parcelId });
      firstAt.set(key, at.getTime());
      return;
    }
    known.seenCount++;
    if (at > known.lastSeenAt) known.lastSeenAt = at;
    if (at.getTime() < firstAt.get(key)!) {
      known.exampleParcelId = parcelId;
      firstAt.set(key, at.getTime());
    }
  };

  for (const { row, history } of parcels) {
    const type = row.operatorId ? typeOf.get(row.operatorId) : undefined;
    if (type === undefined || !isOperatorType(type) || listOf(type).length === 0) continue;
    for (const h of history) {
      if (h.source !== 'carrier') continue;
      const c = demoCarrierCode(type, h.status as ParcelStatus);
      if (!c) continue;
      const at = h.createdAt!;
      Object.assign(h, { carrierCode: c.code, carrierDescription: c.description, carrierEventAt: at });
      see(type, c.code, at, row.id);
    }
    const last = history[history.length - 1];
    if (last?.carrierCode) {
      row.carrierStatusCode = last.carrierCode;
      row.carrierEventAt = last.carrierEventAt ?? null;
    }
  }

  const told = DEMO_UNMAPPED_SEEN.map((u) => ({
    ...u,
    candidates: parcels
      .filter(
        ({ row }) =>
          row.status === 'inTransport' &&
          row.updatedAt! < now &&
          row.externalNumber &&
          row.operatorId &&
          typeOf.get(row.operatorId) === u.operatorType,
      )
      .sort(
        (a, b) => b.row.updatedAt!.getTime() - a.row.updatedAt!.getTime() || a.row.id.localeCompare(b.row.id),
      ),
  }));
  const taken = new Set<string>();
  for (const u of told) {
    for (const { row } of u.candidates.filter((p) => !taken.has(p.row.id)).slice(0, u.parcels)) {
      taken.add(row.id);
      const from = row.updatedAt!.getTime();
      const at = new Date(from + Math.floor((now.getTime() - from) / 2));
      row.carrierStatusCode = u.code;
      row.carrierEventAt = at;
      see(u.operatorType, u.code, at, row.id);
    }
  }
  return [...seen.values()];
}
