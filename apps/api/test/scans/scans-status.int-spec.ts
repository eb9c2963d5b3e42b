import { MESSAGES, type ParcelView, type ScanReply } from '@depot/contracts';
import { address, tag } from '../parcels/parcels.kit';
import { scanId, startScanKit, type ScanKit } from './scans.kit';

/**
 * POST /api/operatingModule/setStatusForArrayOfExtNrs: a scan matched by any of the parcel's numbers changes its
 * status through the history (source scan) once, whatever is sent again; already scanned, final and unknown parcels.
 */
describe('scans: status changes by scan', () => {
  let k: ScanKit;
  const view = async (id: string) =>
    (await k.t.http().get(`/api/order/${id}`).set(k.auth('admin'))).body as ParcelView;
  const counts = async (parcelId: string) => {
    const [row] = await k.query<{ scans: string; history: string }>(
      `select (select count(*) from scans where parcel_id = $1) as scans,
              (select count(*) from parcel_status_history where parcel_id = $1 and source = 'scan') as history`,
      [parcelId],
    );
    return { scans: Number(row!.scans), history: Number(row!.history) };
  };

  beforeAll(async () => {
    k = await startScanKit();
  });
  afterAll(async () => {
    await k.close();
  });

  it('a scan sets the status (default inTransport): history source scan with the scan, first scan time, terminal', async () => {
    const p = await k.parcelWith();
    const id = scanId();
    const res = await k.scan({
      externalNumber: [p.internalNumber],
      scanIds: [id],
      driver: 'Adam Nowak',
      registrationNumber: 'FZ 12345',
      description: 'Rampa 2',
    });
    expect(res.status).toBe(200);
    const [result] = (res.body as ScanReply).results;
    expect(result).toMatchObject({
      scanId: id,
      number: p.internalNumber,
      outcome: 'changed',
      message: null,
      status: 'inTransport',
      previousStatus: 'new',
      parcelId: p.id,
      internalNumber: p.internalNumber,
      terminal: 'Zielona Góra',
      replayed: false,
    });
    expect(result!.scannedBy).toEqual(expect.any(String));
    const after = await view(p.id);
    expect(after.status).toBe('inTransport');
    expect(after.firstScanAt).not.toBeNull();
    expect(after.statusHistory.at(-1)).toMatchObject({
      status: 'inTransport',
      previousStatus: 'new',
      source: 'scan',
      changedById: k.ids.magazyn,
      note: 'Rampa 2',
      scan: { terminal: 'Zielona Góra', driver: 'Adam Nowak', registrationNumber: 'FZ 12345' },
    });
    expect(after.statusHistory[0]!.scan).toBeNull();
    const [row] = await k.query<Record<string, unknown>>(
      `select s.terminal, s.driver, s.registration_number, s.timezone, h.scan_id = s.id as linked
         from scans s join parcel_status_history h on h.scan_id = s.id where s.scan_id = $1`,
      [id],
    );
    expect(row).toEqual({
      terminal: 'Zielona Góra',
      driver: 'Adam Nowak',
      registration_number: 'FZ 12345',
      timezone: 'Europe/Warsaw',
      linked: true,
    });
  });

  it.each([
    ['externalNumber', 'EXT'],
    ['lastMileNumber', 'LM'],
    ['firstMileNumber', 'FM'],
    ['barcode', 'BC'],
    ['alternativeNumber', 'ALT'],
    ['referenceNumber', 'REF'],
  ])('matches a parcel by its %s (any case, spaces as labels print them)', async (column, prefix) => {
    const number = `${prefix}${tag()}`;
    const p = await k.parcelWith({ [column]: number });
    const spaced = `${number.slice(0, 4).toLowerCase()} ${number.slice(4)}`;
    const result = await k.scanned(spaced, { name: 'PARCEL_CENTER' });
    expect(result).toMatchObject({ outcome: 'changed', parcelId: p.id, status: 'parcelCenter' });
  });

  it('a number that is one parcel’s internal number wins over another parcel’s reference number', async () => {
    const a = await k.parcelWith();
    const b = await k.parcelWith({ referenceNumber: a.internalNumber });
    const result = await k.scanned(a.internalNumber);
    expect(result.parcelId).toBe(a.id);
    expect((await view(b.id)).status).toBe('new');
  });

  it('the same scan id sent again changes nothing and answers the first outcome (replayed)', async () => {
    const p = await k.parcelWith();
    const id = scanId();
    const first = await k.scan({ externalNumber: [p.internalNumber], scanIds: [id] });
    const again = await k.scan({ externalNumber: [p.internalNumber], scanIds: [id], name: 'pickup' });
    const [a, b] = [(first.body as ScanReply).results[0]!, (again.body as ScanReply).results[0]!];
    expect(b).toEqual({ ...a, replayed: true });
    expect(await counts(p.id)).toEqual({ scans: 1, history: 1 });
    expect((await view(p.id)).status).toBe('inTransport');
  });

  it('the same scan id sent at once from two connections is applied once', async () => {
    const p = await k.parcelWith();
    const id = scanId();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => k.scan({ externalNumber: [p.internalNumber], scanIds: [id] })),
    );
    const results = replies.map((r) => (r.body as ScanReply).results[0]!);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.seq)).size).toBe(1);
    expect(await counts(p.id)).toEqual({ scans: 1, history: 1 });
  });

  it('a second scan into the same status is "The package was scanned earlier" and changes nothing', async () => {
    const p = await k.parcelWith();
    await k.scanned(p.internalNumber);
    const again = await k.scanned(p.internalNumber);
    expect(again).toMatchObject({
      outcome: 'alreadyScanned',
      message: MESSAGES.packageScannedEarlier,
      previousStatus: 'inTransport',
      status: 'inTransport',
    });
    expect(await counts(p.id)).toEqual({ scans: 2, history: 1 });
  });

  it.each(['delivered', 'canceled'])(
    'a %s parcel takes no scan change (refused, recorded)',
    async (status) => {
      const p = await k.parcelWith();
      await k.query('update parcels set status = $2 where id = $1', [p.id, status]);
      const result = await k.scanned(p.internalNumber);
      expect(result).toMatchObject({ outcome: 'refused', message: MESSAGES.scanParcelFinal });
      expect((await view(p.id)).status).toBe(status);
      expect(await counts(p.id)).toEqual({ scans: 1, history: 0 });
    },
  );

  it('an unknown number is recorded as not found; a deleted parcel’s number is unknown', async () => {
    const unknown = await k.scanned(`NOPE${tag()}`);
    expect(unknown).toMatchObject({
      outcome: 'notFound',
      parcelId: null,
      message: MESSAGES.scanNothingFound,
    });
    const p = await k.parcelWith();
    await k.query('update parcels set deleted_at = now() where id = $1', [p.id]);
    expect((await k.scanned(p.internalNumber)).outcome).toBe('notFound');
  });

  it('a batch answers one result per number in order, each applied once', async () => {
    const [a, b] = [await k.parcelWith(), await k.parcelWith()];
    const ids = [scanId(), scanId(), scanId()];
    const res = await k.scan({ externalNumber: [a.internalNumber, 'NONE', b.internalNumber], scanIds: ids });
    expect((res.body as ScanReply).results.map((r) => [r.scanId, r.outcome])).toEqual([
      [ids[0], 'changed'],
      [ids[1], 'notFound'],
      [ids[2], 'changed'],
    ]);
  });

  it('without scan ids (SPEC callers) each number is a new scan', async () => {
    const p = await k.parcelWith();
    const res = await k.scan({ externalNumber: [p.internalNumber], name: 'IN_DELIVERY' });
    expect((res.body as ScanReply).results[0]).toMatchObject({ outcome: 'changed', status: 'inDelivery' });
    expect((res.body as ScanReply).results[0]!.scanId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the parcel’s sector comes with the result; a parcel without one has none', async () => {
    const sector = await k.sectorFor('CZ');
    const p = await k.parcelWith(
      {},
      { destinationAddress: address({ country: 'CZ', city: 'Praha', zipCode: '110 00' }) },
    );
    const result = await k.scanned(p.internalNumber);
    expect(result.sector).toEqual({
      id: sector.id,
      sectorCountry: 'CZ',
      sectorDescription: sector.sectorDescription,
    });
    const none = await k.parcelWith(
      {},
      { destinationAddress: address({ country: 'AT', city: 'Wien', zipCode: '1010' }) },
    );
    expect((await k.scanned(none.internalNumber)).sector).toBeNull();
  });

  it('the offline queue’s timestamp is kept as the scan time', async () => {
    const p = await k.parcelWith();
    const at = '2026-11-27T06:15:00+01:00';
    const result = await k.scanned(p.internalNumber, { timestamp: at });
    expect(result.scannedAt).toBe(new Date(at).toISOString());
  });

  it('reaching return by scan makes the return parcel of a client with autoReturnPackages', async () => {
    const client = await k.newClient({ autoReturnPackages: true });
    const p = await k.created(client.id);
    await k.scanned(p.internalNumber);
    await k.scanned(p.internalNumber, { name: 'return' });
    const after = await view(p.id);
    expect(after.status).toBe('return');
    expect(after.returnParcelId).not.toBeNull();
  });
});
