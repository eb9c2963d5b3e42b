import {
  WALL_RECENT,
  emptyOutcomeCounts,
  warsawDay,
  warsawTime,
  type ScanRecord,
  type ScanSector,
  type WallCounts,
} from '@depot/contracts';

/**
 * What a wall screen shows (decision 0129): the latest scans, newest first, and the shift's counts, kept from the
 * first load and every scan after it. A scan is counted once whichever way it came (live, or in a catch-up).
 */
export interface WallState {
  scans: ScanRecord[];
  counts: WallCounts;
  /** Seqs of the scans taken in (the newest SEEN_MAX), to take each once. */
  seen: number[];
}

const SEEN_MAX = 2_000;
/**
 * A catch-up asks from the seq of the RESUME_WINDOW-th newest scan seen, not the newest: seqs are given when a scan
 * starts and a scan may commit after a later one, so the last few are asked again (and taken once).
 */
export const RESUME_WINDOW = 20;

/** How a sector is named on the screen and in the counts ("<country> <description>", as the server keeps it). */
export const sectorLabel = (s: ScanSector | null): string | null =>
  s ? `${s.sectorCountry} ${s.sectorDescription}`.slice(0, 110) : null;

export const emptyCounts = (day: string): WallCounts => ({
  day,
  byOutcome: emptyOutcomeCounts(),
  bySector: [],
  byHour: [],
});

/** The screen after its first load. */
export function loaded(scans: ScanRecord[], counts: WallCounts): WallState {
  const sorted = [...scans].sort((a, b) => b.seq - a.seq);
  return { scans: sorted.slice(0, WALL_RECENT), counts, seen: sorted.map((s) => s.seq).slice(0, SEEN_MAX) };
}

/** Counts one scan into the shift: scans of an earlier day are not counted, a later day starts new counts. */
export function counted(counts: WallCounts, scan: ScanRecord): WallCounts {
  const day = warsawDay(scan.scannedAt);
  if (day < counts.day) return counts;
  const base = day > counts.day ? emptyCounts(day) : counts;
  const byOutcome = { ...base.byOutcome, [scan.outcome]: base.byOutcome[scan.outcome] + 1 };
  if (scan.outcome === 'notFound') return { ...base, byOutcome };
  const sector = sectorLabel(scan.sector);
  const hour = warsawTime(scan.scannedAt).hour;
  const bySector = bump(base.bySector, (e) => e.sector === sector, { sector, count: 0 }).sort(
    (a, b) => b.count - a.count || (a.sector ?? '').localeCompare(b.sector ?? ''),
  );
  const byHour = bump(base.byHour, (e) => e.hour === hour, { hour, count: 0 }).sort(
    (a, b) => a.hour - b.hour,
  );
  return { day: base.day, byOutcome, bySector, byHour };
}

function bump<T extends { count: number }>(list: T[], match: (e: T) => boolean, fresh: T): T[] {
  const found = list.some(match);
  const out = list.map((e) => (match(e) ? { ...e, count: e.count + 1 } : e));
  return found ? out : [...out, { ...fresh, count: 1 }];
}

/** Takes in scans (live or caught up), each once: the list stays newest first and the counts grow. */
export function withScans(state: WallState, scans: ScanRecord[]): WallState {
  const seen = new Set(state.seen);
  const oldest = state.seen.length >= SEEN_MAX ? state.seen[state.seen.length - 1] : -1;
  let counts = state.counts;
  const fresh: ScanRecord[] = [];
  for (const scan of scans) {
    if (seen.has(scan.seq) || scan.seq <= oldest) continue;
    seen.add(scan.seq);
    fresh.push(scan);
    counts = counted(counts, scan);
  }
  if (fresh.length === 0) return state;
  const all = [...fresh, ...state.scans].sort((a, b) => b.seq - a.seq);
  return {
    scans: all.slice(0, WALL_RECENT),
    counts,
    seen: [...seen].sort((a, b) => b - a).slice(0, SEEN_MAX),
  };
}

/** The seq a catch-up asks after (see RESUME_WINDOW). */
export function resumeAfter(state: WallState): number {
  if (state.seen.length === 0) return 0;
  return Math.max(0, state.seen[Math.min(RESUME_WINDOW, state.seen.length) - 1] - 1);
}
