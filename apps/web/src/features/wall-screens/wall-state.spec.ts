import { WALL_RECENT, type ScanRecord } from '@depot/contracts';
import { counted, emptyCounts, loaded, resumeAfter, withScans, RESUME_WINDOW } from './wall-state';

const scan = (seq: number, over: Partial<ScanRecord> = {}): ScanRecord => ({
  seq,
  scanId: `scan-${seq}`,
  number: `N${seq}`,
  outcome: 'changed',
  message: null,
  status: 'inTransport',
  previousStatus: 'pickup',
  parcelId: null,
  internalNumber: `DEM${seq}`,
  consolidationId: null,
  sector: { id: '11111111-1111-4111-8111-111111111111', sectorCountry: 'DE', sectorDescription: 'Ramp 1' },
  terminal: 'Gate',
  scannedBy: 'Olga',
  // 10:15 in Warsaw (winter time, UTC+1).
  scannedAt: '2026-01-15T09:15:00.000Z',
  createdAt: '2026-01-15T09:15:00.000Z',
  ...over,
});

const DAY = '2026-01-15';

describe('wall screen state', () => {
  it('keeps the latest scans newest first, at most WALL_RECENT', () => {
    const s = loaded([scan(1), scan(3), scan(2)], emptyCounts(DAY));
    expect(s.scans.map((x) => x.seq)).toEqual([3, 2, 1]);
    const many = withScans(
      s,
      Array.from({ length: WALL_RECENT + 5 }, (_, i) => scan(10 + i)),
    );
    expect(many.scans).toHaveLength(WALL_RECENT);
    expect(many.scans[0].seq).toBe(10 + WALL_RECENT + 4);
  });

  it('takes a scan once, live or caught up, and counts it once', () => {
    let s = loaded([], emptyCounts(DAY));
    s = withScans(s, [scan(5)]);
    s = withScans(s, [scan(4), scan(5), scan(6)]);
    s = withScans(s, [scan(6)]);
    expect(s.scans.map((x) => x.seq)).toEqual([6, 5, 4]);
    expect(s.counts.byOutcome.changed).toBe(3);
    expect(s.counts.bySector).toEqual([{ sector: 'DE Ramp 1', count: 3 }]);
    expect(s.counts.byHour).toEqual([{ hour: 10, count: 3 }]);
  });

  it('counts every outcome, and sector and hour only for scans of a parcel ("No sector" as null)', () => {
    let c = emptyCounts(DAY);
    c = counted(c, scan(1, { outcome: 'notFound', sector: null }));
    c = counted(c, scan(2, { outcome: 'alreadyScanned', sector: null }));
    c = counted(c, scan(3, { outcome: 'refused', scannedAt: '2026-01-15T12:01:00.000Z' }));
    expect(c.byOutcome).toEqual({ changed: 0, alreadyScanned: 1, refused: 1, notFound: 1 });
    expect(c.bySector).toEqual([
      { sector: null, count: 1 },
      { sector: 'DE Ramp 1', count: 1 },
    ]);
    expect(c.byHour).toEqual([
      { hour: 10, count: 1 },
      { hour: 13, count: 1 },
    ]);
  });

  it("does not count an earlier day's scan, and starts new counts on a new Warsaw day", () => {
    let c = counted(emptyCounts(DAY), scan(1));
    c = counted(c, scan(2, { scannedAt: '2026-01-14T22:30:00.000Z' })); // 23:30 the day before
    expect(c.byOutcome.changed).toBe(1);
    c = counted(c, scan(3, { scannedAt: '2026-01-15T23:10:00.000Z' })); // 00:10 on the 16th in Warsaw
    expect(c.day).toBe('2026-01-16');
    expect(c.byOutcome.changed).toBe(1);
    expect(c.byHour).toEqual([{ hour: 0, count: 1 }]);
  });

  it('asks a catch-up from a little before the newest scan seen (a scan may commit after a later one)', () => {
    expect(resumeAfter(loaded([], emptyCounts(DAY)))).toBe(0);
    expect(resumeAfter(loaded([scan(7), scan(9)], emptyCounts(DAY)))).toBe(6);
    const many = Array.from({ length: 50 }, (_, i) => scan(100 + i));
    const s = withScans(loaded([], emptyCounts(DAY)), many);
    expect(resumeAfter(s)).toBe(149 - RESUME_WINDOW);
  });
});
