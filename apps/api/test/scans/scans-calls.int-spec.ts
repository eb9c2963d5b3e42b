import * as ExcelJS from 'exceljs';
import { MESSAGES, warsawDay, type ScanLookupReply, type ScanRecord } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { SCAN_REPORT_PAGE } from '../../src/modules/scans/scan-report.service';
import { FORBIDDEN } from '../role-kit';
import { tag } from '../parcels/parcels.kit';
import { NOT_SCANNERS, scanId, startScanKit, type ScanKit } from './scans.kit';

/**
 * The other scan calls: the lookups (isExternalNumberInDB, …2), a terminal's scans, the daily report; bad input to
 * every one of them changes nothing; the roles that may not scan are refused.
 */
describe('scans: lookups, a terminal’s scans, the daily report, bad input and roles', () => {
  let k: ScanKit;
  const scanCount = async () =>
    Number((await k.query<{ n: string }>('select count(*) as n from scans'))[0]!.n);
  const terminalScans = (query: Record<string, string>, who: Parameters<ScanKit['auth']>[0] = 'magazyn') =>
    k.t.http().get('/api/operatingModule/scans').query(query).set(k.auth(who));

  beforeAll(async () => {
    k = await startScanKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('isExternalNumberInDB names the parcel, its carrier, sector and last scan; 404 when none', async () => {
    const p = await k.parcelWith({ lastMileNumber: `LM${tag()}` });
    const res = await k.post('isExternalNumberInDB', { externalNumber: p.internalNumber });
    expect(res.status).toBe(200);
    const reply = res.body as ScanLookupReply;
    expect(reply.parcel).toMatchObject({
      id: p.id,
      internalNumber: p.internalNumber,
      status: 'new',
      destinationCountry: 'DE',
      operatorName: expect.any(String),
      lastScanAt: null,
    });
    expect(reply.consolidation).toBeNull();
    expect(reply.scannedSince).toBeUndefined();
    expectError(
      await k.post('isExternalNumberInDB', { externalNumber: 'NO-SUCH-NUMBER' }),
      404,
      'Not Found',
      MESSAGES.parcelNotFound,
    );
  });

  it('isExternalNumberInDB2 says whether the parcel was scanned at or after the timestamp', async () => {
    const p = await k.parcelWith();
    const before = new Date(Date.now() - 60_000).toISOString();
    const since = async (timestamp: string) =>
      (
        (await k.post('isExternalNumberInDB2', { externalNumber: p.internalNumber, timestamp }))
          .body as ScanLookupReply
      ).scannedSince;
    expect(await since(before)).toBe(false);
    await k.scanned(p.internalNumber);
    expect(await since(before)).toBe(true);
    expect(await since(new Date(Date.now() + 60_000).toISOString())).toBe(false);
  });

  it('a terminal’s scans: the latest first, or those after a sequence number, oldest first', async () => {
    const terminal = `Terminal ${tag()}`;
    const numbers = [`A${tag()}`, `B${tag()}`, `C${tag()}`];
    for (const n of numbers) await k.scanned(n, { terminal });
    await k.scanned(`OTHER${tag()}`, { terminal: `${terminal} 2` });
    const latest = (await terminalScans({ terminal })).body as { items: ScanRecord[] };
    expect(latest.items.map((s) => s.number)).toEqual([...numbers].reverse());
    const after = (await terminalScans({ terminal, afterSeq: String(latest.items[2]!.seq) })).body as {
      items: ScanRecord[];
    };
    expect(after.items.map((s) => s.number)).toEqual(numbers.slice(1));
  });

  /** The day's report, read as a workbook's first sheet. */
  async function reportOf(date: string): Promise<ExcelJS.Worksheet> {
    const res = await k.t
      .http()
      .post('/api/operatingModule/raportOfScanedPackages')
      .set(k.auth('magazyn'))
      .send({ date })
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ExcelJS.Buffer);
    return book.worksheets[0]!;
  }

  it('the daily report is the Warsaw day’s scans as xlsx in the reader’s language; an empty day is 400', async () => {
    const p = await k.parcelWith();
    await k.scanned(p.internalNumber, { terminal: 'Report terminal' });
    const sheet = await reportOf(warsawDay(new Date()));
    expect(sheet.getRow(1).getCell(2).value).toBe('Scanned number');
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const mine = rows.find((r) => r?.includes(p.internalNumber) && r.includes('Report terminal'));
    expect(mine).toEqual(expect.arrayContaining(['In transport', 'New', 'Status changed', 'No sector']));
    expectError(
      await k.post('raportOfScanedPackages', { date: '2001-01-01' }),
      400,
      'Bad Request',
      MESSAGES.noPackagesFound,
    );
  });

  it('a day of more scans than one read holds them all, in the order they were made, and no scan of the days around', async () => {
    // 2019-03-31 is the day Warsaw moved its clocks forward (23 hours): its scans, a page and a half of them, and
    // one on each neighbouring day (22:59:59 UTC on the 30th is still the 30th in Warsaw; 22:00 UTC on the 31st is
    // already 1 April).
    const count = SCAN_REPORT_PAGE + SCAN_REPORT_PAGE / 2;
    await k.t.depot.runtime.pool.query(
      `insert into scans (scan_id, number, outcome, status, terminal, timezone, scanned_at)
       select 'day-page-' || g, 'DAYPAGE' || lpad(g::text, 5, '0'), 'notFound', 'inTransport', 'Day terminal',
              'Europe/Warsaw', timestamptz '2019-03-30 23:00:00+00' + (g - 1) * interval '10 seconds'
       from generate_series(1, $1::int) g
       union all select 'day-page-before', 'DAYBEFORE', 'notFound', 'inTransport', 'Day terminal', 'Europe/Warsaw',
              timestamptz '2019-03-30 22:59:59+00'
       union all select 'day-page-after', 'DAYAFTER', 'notFound', 'inTransport', 'Day terminal', 'Europe/Warsaw',
              timestamptz '2019-03-31 22:00:00+00'`,
      [count],
    );
    const sheet = await reportOf('2019-03-31');
    const numbers = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => r[2]);
    expect(numbers).toHaveLength(count);
    expect(numbers[0]).toBe('DAYPAGE00001');
    expect(numbers[SCAN_REPORT_PAGE]).toBe(`DAYPAGE${String(SCAN_REPORT_PAGE + 1).padStart(5, '0')}`);
    expect(numbers.at(-1)).toBe(`DAYPAGE${String(count).padStart(5, '0')}`);
    expect(new Set(numbers).size).toBe(count);
  });

  it.each([
    [{ externalNumber: [] }, MESSAGES.scanNumberRequired, 'externalNumber'],
    [{ externalNumber: 'ABC' }, MESSAGES.scanNumberRequired, 'externalNumber'],
    [{ externalNumber: ['  '] }, MESSAGES.scanNumberRequired, 'externalNumber.0'],
    [{ externalNumber: ['x'.repeat(101)] }, MESSAGES.scanNumberRequired, 'externalNumber.0'],
    [
      { externalNumber: Array.from({ length: 501 }, (_, i) => `N${i}`) },
      MESSAGES.scanBatchTooLarge,
      'externalNumber',
    ],
    [{ externalNumber: ['A'], name: 'new' }, MESSAGES.scanStatusInvalid, 'name'],
    [{ externalNumber: ['A'], name: 'canceled' }, MESSAGES.scanStatusInvalid, 'name'],
    [{ externalNumber: ['A'], name: 'FLYING' }, MESSAGES.scanStatusInvalid, 'name'],
    [{ externalNumber: ['A'], name: 7 }, MESSAGES.scanStatusInvalid, 'name'],
    [{ externalNumber: ['A', 'B'], scanIds: ['scan-0000001'] }, MESSAGES.scanIdsMismatch, 'scanIds'],
    [
      { externalNumber: ['A', 'B'], scanIds: ['scan-0000001', 'scan-0000001'] },
      MESSAGES.scanIdsRepeated,
      'scanIds',
    ],
    [{ externalNumber: ['A'], scanIds: ['short'] }, MESSAGES.scanIdInvalid, 'scanIds.0'],
    [{ externalNumber: ['A'], scanIds: ['has space in it'] }, MESSAGES.scanIdInvalid, 'scanIds.0'],
    [{ externalNumber: ['A'], timezone: 'Mars/Olympus' }, MESSAGES.scanTimezoneInvalid, 'timezone'],
    [{ externalNumber: ['A'], timestamp: '27.11.2026' }, MESSAGES.scanTimestampInvalid, 'timestamp'],
    [{ externalNumber: ['A'], terminal: ' ' }, MESSAGES.validation.terminalRequired, 'terminal'],
    [{ externalNumber: ['A'], driver: 'x'.repeat(101) }, 'At most 100 characters', 'driver'],
  ])(
    'setStatusForArrayOfExtNrs refuses %j with its message and records nothing',
    async (body, message, path) => {
      const before = await scanCount();
      expectValidation(await k.scan(body), message, path);
      expect(await scanCount()).toBe(before);
    },
  );

  it('refuses unknown fields, NUL and wrong types everywhere without recording a scan', async () => {
    const before = await scanCount();
    expect((await k.scan({ externalNumber: ['A'], extra: 1 })).status).toBe(400);
    expect((await k.scan({ externalNumber: ['A\u0000B'], scanIds: [scanId()] })).status).toBe(400);
    expect((await k.post('isExternalNumberInDB', { externalNumber: 5 })).status).toBe(400);
    expect((await k.post('isExternalNumberInDB2', { externalNumber: 'A', timestamp: 'now' })).status).toBe(
      400,
    );
    expectValidation(
      await k.post('raportOfScanedPackages', { date: '2026-02-30' }),
      MESSAGES.scanReportDateInvalid,
      'date',
    );
    expect((await terminalScans({ terminal: '' })).status).toBe(400);
    expect((await terminalScans({ terminal: 'T', afterSeq: '-1' })).status).toBe(400);
    expect(await scanCount()).toBe(before);
    // The app still serves everyone afterwards.
    expect((await k.scanned(`AFTER${tag()}`)).outcome).toBe('notFound');
  });

  it.each(NOT_SCANNERS)('%s may not scan, look up, list or report (403, nothing recorded)', async (role) => {
    const before = await scanCount();
    const p = await k.parcelWith();
    for (const [path, body] of [
      ['setStatusForArrayOfExtNrs', { externalNumber: [p.internalNumber] }],
      ['isExternalNumberInDB', { externalNumber: p.internalNumber }],
      ['isExternalNumberInDB2', { externalNumber: p.internalNumber, timestamp: new Date().toISOString() }],
      ['raportOfScanedPackages', { date: warsawDay(new Date()) }],
    ] as const)
      expectError(await k.post(path, body, role), 403, ...FORBIDDEN);
    expectError(await terminalScans({ terminal: 'Zielona Góra' }, role), 403, ...FORBIDDEN);
    expect((await k.t.http().post('/api/operatingModule/setStatusForArrayOfExtNrs').send({})).status).toBe(
      401,
    );
    expect(await scanCount()).toBe(before);
  });

  it('an API key may not scan (403)', async () => {
    const res = await k.scan({ externalNumber: ['A'] }, { apiKey: k.own.apiKey });
    expect(res.status).toBe(403);
  });
});
