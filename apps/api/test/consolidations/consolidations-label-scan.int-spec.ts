import { randomUUID } from 'node:crypto';
import { MESSAGES, rooms, type ConsolidationLabelReply, type Role, type ScanReply } from '@depot/contracts';
import { eventMatching, startTestDepot, type TestDepot } from '../harness';
import { expectError, expectValidation } from '../expectations';
import { decodeCode128, readPdf, renderPdfPage } from '../labels/pdf-inspect';
import { dbProbe, FORBIDDEN, UNKNOWN_ID } from '../role-kit';
import { consolidationCalls, REFUSED, type ConsolidationCalls } from './consolidations.kit';

/** The consolidation label (getLabel) and scanning a consolidation's barcode (decision 0128). */

const MM = 72 / 25.4;

describe('consolidation label and scan', () => {
  let t: TestDepot;
  let c: ConsolidationCalls;
  let dpd: string;
  const { query, unchanged } = dbProbe(() => t, ['consolidations', 'consolidation_items', 'scans']);

  beforeAll(async () => {
    t = await startTestDepot();
    c = await consolidationCalls(t);
    dpd = await c.carrier(false);
  });
  afterAll(async () => {
    await t.close();
  });

  const scan = (role: Role, numbers: string[], scanIds?: string[], terminal = 'Zielona Góra') =>
    t
      .http()
      .post('/api/operatingModule/setStatusForArrayOfExtNrs')
      .set({ Authorization: `Bearer ${c.tokens[role]}` })
      .send({ name: 'IN_TRANSPORT', externalNumber: numbers, terminal, ...(scanIds ? { scanIds } : {}) });
  const statusesOf = async (ids: string[]) =>
    (await query<{ status: string }>('select status from parcels where id = any($1) order by id', [ids])).map(
      (r) => r.status,
    );

  describe('POST …/getLabel', () => {
    it('an A6 PDF with the barcode (quagga2 reads it) and the internal numbers of its parcels, also in held ones', async () => {
      const car = await c.car();
      const bag = await c.consolidation();
      const loose = await c.parcel(dpd);
      const inBag = await c.parcel(dpd);
      await c.added(bag.id, inBag.internalNumber);
      await c.added(car.id, loose.internalNumber);
      await c.added(car.id, bag.barcode);
      const res = await c.post('getLabel', 'magazyn', { consolidationId: car.id });
      expect(res.status).toBe(200);
      const reply = res.body as ConsolidationLabelReply;
      expect(reply.error).toEqual({ isBlank: false, errorList: [] });
      expect(reply.fileName).toBe(`${car.barcode}.pdf`);
      const pdf = Buffer.from(reply.pdf, 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const read = await readPdf(pdf);
      expect(read.pages).toBe(1);
      const text = read.texts.join(' ');
      for (const s of [
        car.barcode,
        loose.internalNumber,
        inBag.internalNumber,
        bag.barcode,
        'Jan Kierowca',
        'FZ 1234A',
      ])
        expect(text).toContain(s);
      const png = await renderPdfPage(pdf, 1, 3, { x: 0, y: 12 * MM, width: 100 * MM, height: 30 * MM });
      expect(await decodeCode128(png)).toBe(car.barcode);
    });

    it('an empty consolidation gives a label with isBlank and the reason in errorList', async () => {
      const n = await c.consolidation();
      const res = await c.post('getLabel', 'operator', { consolidationId: n.id });
      expect(res.status).toBe(200);
      expect(res.body.error).toEqual({ isBlank: true, errorList: [MESSAGES.consolidationEmpty] });
      expect(
        Buffer.from(res.body.pdf as string, 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });

    it('a long list goes on over more A6 pages', async () => {
      const n = await c.consolidation();
      for (let i = 0; i < 60; i++) await c.added(n.id, (await c.parcel(dpd)).internalNumber);
      const res = await c.post('getLabel', 'magazyn', { consolidationId: n.id });
      const read = await readPdf(Buffer.from(res.body.pdf as string, 'base64'));
      expect(read.pages).toBeGreaterThan(1);
    });

    it('an unknown consolidation is 404, a malformed id a validation error; refused roles are 403', async () => {
      expectError(
        await c.post('getLabel', 'magazyn', { consolidationId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.consolidationNotFound,
      );
      expectValidation(
        await c.post('getLabel', 'magazyn', { consolidationId: 42 }),
        MESSAGES.consolidationIdInvalid,
        'consolidationId',
      );
      const n = await c.consolidation();
      for (const role of REFUSED)
        expectError(await c.post('getLabel', role, { consolidationId: n.id }), 403, ...FORBIDDEN);
    });
  });

  describe('scanning a consolidation barcode', () => {
    it('the lookup names the consolidation', async () => {
      const n = await c.consolidation();
      await c.added(n.id, (await c.parcel(dpd)).internalNumber);
      const res = await t
        .http()
        .post('/api/operatingModule/isExternalNumberInDB')
        .set({ Authorization: `Bearer ${c.tokens.magazyn}` })
        .send({ externalNumber: n.barcode });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        parcel: null,
        consolidation: { id: n.id, barcode: n.barcode, type: 'normal', isBlocked: false, parcelCount: 1 },
      });
    });

    it("sets every parcel's status (also in held consolidations), one scan row each, history source scan, each heard at the terminal", async () => {
      const car = await c.car();
      const bag = await c.consolidation();
      const a = await c.parcel(dpd);
      const b = await c.parcel(dpd);
      const done = await c.parcel(dpd, { status: 'delivered' });
      await c.added(car.id, a.internalNumber);
      await c.added(bag.id, b.internalNumber);
      await c.added(car.id, bag.barcode);
      // A delivered parcel cannot go in by the rules, so it is put in directly: its scan is refused, the others change.
      await query('insert into consolidation_items (consolidation_id, parcel_id) values ($1, $2)', [
        car.id,
        done.id,
      ]);
      const terminal = `Rampa ${randomUUID().slice(0, 6)}`;
      const s = t.socket({ token: c.tokens.magazyn });
      await new Promise<void>((resolve) => s.emit('subscribe', rooms.terminal(terminal), () => resolve()));
      const heardB = eventMatching(s, 'scan:recorded', (r) => r.parcelId === b.id);
      const heardHead = eventMatching(
        s,
        'scan:recorded',
        (r) => r.number === car.barcode && r.parcelId === null,
      );
      const scanId = randomUUID();
      const res = await scan('magazyn', [car.barcode], [scanId], terminal);
      expect(res.status).toBe(200);
      const [result] = (res.body as ScanReply).results;
      expect(result).toMatchObject({
        scanId,
        outcome: 'changed',
        consolidationId: car.id,
        parcelId: null,
        replayed: false,
      });
      expect(await statusesOf([a.id, b.id])).toEqual(['inTransport', 'inTransport']);
      expect(await statusesOf([done.id])).toEqual(['delivered']);
      const rows = await query<{ parcel_id: string | null; outcome: string; consolidation_id: string }>(
        'select parcel_id, outcome, consolidation_id from scans where terminal = $1 order by id',
        [terminal],
      );
      expect(rows).toHaveLength(4);
      expect(rows.every((r) => r.consolidation_id === car.id)).toBe(true);
      expect(rows.filter((r) => r.parcel_id === null)).toEqual([
        expect.objectContaining({ outcome: 'changed' }),
      ]);
      expect(rows.find((r) => r.parcel_id === done.id)?.outcome).toBe('refused');
      const history = await query<{ source: string }>(
        "select source from parcel_status_history where parcel_id = $1 and status = 'inTransport'",
        [b.id],
      );
      expect(history).toEqual([{ source: 'scan' }]);
      expect((await heardB).consolidationId).toBe(car.id);
      expect((await heardHead).outcome).toBe('changed');
      s.disconnect();
      // The same scan id again changes nothing and answers the first outcome.
      const again = await unchanged(() => scan('magazyn', [car.barcode], [scanId], terminal));
      expect(again.body.results[0]).toMatchObject({ scanId, outcome: 'changed', replayed: true });
      // A new scan into the same status: every parcel was scanned already.
      const third = await scan('magazyn', [car.barcode], undefined, terminal);
      expect(third.body.results[0]).toMatchObject({ outcome: 'refused' });
    });

    it('a consolidation whose parcels all have the status answers "scanned earlier"', async () => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd, { status: 'inTransport' });
      await c.added(n.id, p.internalNumber);
      const res = await scan('operator', [n.barcode]);
      expect(res.body.results[0]).toMatchObject({
        outcome: 'alreadyScanned',
        message: MESSAGES.packageScannedEarlier,
      });
    });

    it('a blocked consolidation refuses the scan with its message and no parcel changes', async () => {
      const n = await c.consolidation();
      const p = await c.parcel(dpd);
      await c.added(n.id, p.internalNumber);
      await c.post('block', 'magazyn', { consolidationId: n.id });
      const res = await scan('magazyn', [n.barcode]);
      expect(res.status).toBe(200);
      expect(res.body.results[0]).toMatchObject({
        outcome: 'refused',
        message: MESSAGES.consolidationBlocked,
        consolidationId: n.id,
      });
      expect(await statusesOf([p.id])).toEqual(['parcelCenter']);
    });

    it('an empty consolidation refuses the scan', async () => {
      const n = await c.consolidation();
      const res = await scan('magazyn', [n.barcode]);
      expect(res.body.results[0]).toMatchObject({ outcome: 'refused', message: MESSAGES.consolidationEmpty });
    });
  });
});
