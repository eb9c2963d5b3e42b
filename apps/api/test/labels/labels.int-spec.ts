import { MESSAGES } from '@depot/contracts';
import { expectErrorOf, jsonOf, UNKNOWN_ID } from '../exports/exports.kit';
import { startTestDepot, type TestDepot } from '../harness';
import { labelKit, noticesOf } from './labels.kit';
import { decodeCode128, rawPageCount, readPdf, renderPdfPage } from './pdf-inspect';

const MM = 72 / 25.4;
const BARCODE_REGION = { x: 0, y: 100 * MM, width: 100 * MM, height: 35 * MM };

/** POST /api/order/generateLabelsForSinglePackage (SPEC 7) and POST /api/order/labels for small selections. */
describe('labels', () => {
  let t: TestDepot;
  const kit = labelKit(() => t);
  let admin: string;
  let carrier: string;

  beforeAll(async () => {
    t = await startTestDepot();
    admin = (await t.userWithToken('admin')).token;
    carrier = await kit.carrier('DPD Łódź');
  });
  afterAll(() => t.close());

  describe('one parcel', () => {
    it('answers an A6 PDF with one label per package, Polish text and a barcode that decodes back', async () => {
      const client = await kit.client({ additionalShipperNameOnTheLabel: 'Sklep Żabka' });
      const p = await kit.parcel(client, { operatorId: carrier, packageCount: 3, lastMileNumber: 'DPD777' });
      const res = await kit.single(admin, { id: p.id });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('filename="labels.pdf"');
      expect(noticesOf(res)).toEqual([{ code: 'labelCount', count: 3 }]);
      const pdf = res.body as Buffer;
      expect(rawPageCount(pdf)).toBe(3);
      const read = await readPdf(pdf);
      expect(read.pages).toBe(3);
      expect(read.texts[0]).toContain('Zażółć Gęślą');
      expect(read.texts[0]).toContain('DPD Łódź');
      expect(read.texts[0]).toContain('Shipper: Sklep Żabka');
      expect(read.texts[1]).toContain('2/3');
      expect(await decodeCode128(await renderPdfPage(pdf, 3, 3, BARCODE_REGION))).toBe('DPD777-3');
    });

    it('answers ZPL with format "zpl": one ^XA…^XZ per package, UTF-8', async () => {
      const p = await kit.parcel(await kit.client(), { operatorId: carrier, packageCount: 2 });
      const res = await kit.single(admin, { id: p.id, format: 'zpl' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zpl');
      const zpl = (res.body as Buffer).toString('utf8');
      expect(zpl.match(/\^XA/g)).toHaveLength(2);
      expect(zpl.match(/\^XZ/g)).toHaveLength(2);
      expect(zpl).toContain('^CI28');
      expect(zpl).toContain('Zażółć Gęślą');
      expect(zpl).toContain(`^BCN,220,N,N,N^FH_^FD${p.internalNumber}-2^FS`);
    });

    it.each([
      ['firstMile', { firstMile: true }, ['FIRST MILE', 'LAST MILE']],
      ['genOnlyFirstMile', { genOnlyFirstMile: true }, ['FIRST MILE']],
      ['firstMile + dontPrintLastMile', { firstMile: true, dontPrintLastMile: true }, ['FIRST MILE']],
    ])('follows the client flag %s', async (_name, flags, legs) => {
      const p = await kit.parcel(await kit.client(flags), { operatorId: carrier });
      const res = await kit.single(admin, { id: p.id });
      expect(res.status).toBe(200);
      const read = await readPdf(res.body as Buffer);
      expect(read.texts.map((text) => (text.includes('FIRST MILE') ? 'FIRST MILE' : 'LAST MILE'))).toEqual(
        legs,
      );
    });

    it('isReturn prints the return parcel, and says so when there is none', async () => {
      const client = await kit.client();
      const p = await kit.parcel(client, { operatorId: carrier });
      expectErrorOf(
        await kit.single(admin, { id: p.id, isReturn: true }),
        404,
        'Not Found',
        MESSAGES.noReturnParcel,
      );
      const r = await kit.parcel(client, {
        operatorId: carrier,
        orderType: 'internalReturn',
        returnOfId: p.id,
      });
      const res = await kit.single(admin, { id: p.id, isReturn: true });
      expect(res.status).toBe(200);
      const read = await readPdf(res.body as Buffer);
      expect(read.texts[0]).toContain(r.internalNumber);
      expect(read.texts[0]).toContain('RETURN');
    });

    it('"No package found" (its own code, which the panel keeps silent) for unknown and deleted parcels', async () => {
      expectErrorOf(
        await kit.single(admin, { id: UNKNOWN_ID }),
        404,
        'NoPackageFound',
        MESSAGES.noPackageFound,
      );
      const gone = await kit.parcel(await kit.client(), { operatorId: carrier, deletedAt: new Date() });
      expectErrorOf(await kit.single(admin, { id: gone.id }), 404, 'NoPackageFound', MESSAGES.noPackageFound);
      expectErrorOf(
        await kit.single(admin, { id: UNKNOWN_ID, isReturn: true }),
        404,
        'NoPackageFound',
        MESSAGES.noPackageFound,
      );
    });

    it.each([
      ['canceled', { status: 'canceled' }],
      ['incorrect', { isCorrect: false }],
      ['without a carrier', { operatorId: null }],
    ])('a %s parcel: no package has been created', async (_name, over) => {
      const p = await kit.parcel(await kit.client(), { operatorId: carrier, ...over });
      expectErrorOf(await kit.single(admin, { id: p.id }), 409, 'Conflict', MESSAGES.noPackageCreated);
    });

    it.each([
      [{}, MESSAGES.labelParcelIdInvalid, 'id'],
      [{ id: 'x' }, MESSAGES.labelParcelIdInvalid, 'id'],
      [{ id: UNKNOWN_ID, isReturn: 'yes' }, MESSAGES.labelIsReturnInvalid, 'isReturn'],
      [{ id: UNKNOWN_ID, format: 'png' }, MESSAGES.labelFormatInvalid, 'format'],
    ])('refuses %j: %s', async (body, message, path) => {
      expectErrorOf(await kit.single(admin, body), 400, 'ValidationError', message, { path, message });
    });

    it('is refused to a salesman and to callers without a session', async () => {
      const p = await kit.parcel(await kit.client(), { operatorId: carrier });
      const salesman = await t.userWithToken('salesman');
      expectErrorOf(await kit.single(salesman.token, { id: p.id }), 403, 'Forbidden', MESSAGES.forbidden);
      const anonymous = await t.http().post('/api/order/generateLabelsForSinglePackage').send({ id: p.id });
      expect(anonymous.status).toBe(401);
    });

    it.each(['operator', 'magazyn', 'superAdmin'] as const)('prints for a %s', async (role) => {
      const p = await kit.parcel(await kit.client(), { operatorId: carrier });
      const res = await kit.single((await t.userWithToken(role)).token, { id: p.id });
      expect(res.status).toBe(200);
    });

    it("a client user prints its own parcels; another client's are not found, nor their returns", async () => {
      const user = await t.userWithToken('user');
      const own = await kit.parcel(user.clientId!, { operatorId: carrier });
      expect((await kit.single(user.token, { id: own.id })).status).toBe(200);
      const otherClient = await kit.client();
      const other = await kit.parcel(otherClient, { operatorId: carrier });
      await kit.parcel(otherClient, {
        operatorId: carrier,
        orderType: 'internalReturn',
        returnOfId: other.id,
      });
      for (const body of [{ id: other.id }, { id: other.id, isReturn: true }]) {
        expectErrorOf(await kit.single(user.token, body), 404, 'NoPackageFound', MESSAGES.noPackageFound);
      }
    });

    it('is written to the change log', async () => {
      const p = await kit.parcel(await kit.client(), { operatorId: carrier, packageCount: 2 });
      expect((await kit.single(admin, { id: p.id })).status).toBe(200);
      const { rows } = await t.depot.runtime.pool.query(
        `select entity, details->>'labels' as labels from audit_log where type = 'labels.print' and entity_id = $1`,
        [p.id],
      );
      expect(rows).toEqual([{ entity: 'parcels', labels: '2' }]);
    });
  });

  describe('a selection', () => {
    it('one PDF for a client that combines labels, in request order, with the label count', async () => {
      const client = await kit.client({ combineLabels: true });
      const a = await kit.parcel(client, { operatorId: carrier, packageCount: 2 });
      const b = await kit.parcel(client, { operatorId: carrier });
      const res = await kit.bulk(admin, { ids: [b.id, a.id] });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(noticesOf(res)).toEqual([{ code: 'labelCount', count: 3 }]);
      const read = await readPdf(res.body as Buffer);
      expect(read.pages).toBe(3);
      expect(read.texts[0]).toContain(b.internalNumber);
      expect(read.texts[2]).toContain(`${a.internalNumber}-2`);
    });

    it("one PDF across clients that do not combine labels: selection order, each parcel's pages together", async () => {
      const [c1, c2] = [await kit.client({ combineLabels: false }), await kit.client({ firstMile: true })];
      const a = await kit.parcel(c1, { operatorId: carrier });
      const b = await kit.parcel(c2, { operatorId: carrier, packageCount: 2 });
      const c = await kit.parcel(c1, { operatorId: carrier });
      const res = await kit.bulk(admin, { ids: [c.id, b.id, a.id] });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('filename="labels.pdf"');
      const read = await readPdf(res.body as Buffer);
      // b: first mile 1/2, 2/2, then last mile 1/2, 2/2.
      const owner = (text: string) => [a, b, c].find((p) => text.includes(p.internalNumber))?.internalNumber;
      expect(read.texts.map(owner)).toEqual([
        c.internalNumber,
        b.internalNumber,
        b.internalNumber,
        b.internalNumber,
        b.internalNumber,
        a.internalNumber,
      ]);
      expect(read.texts.slice(1, 5).map((text) => text.includes('FIRST MILE'))).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect(noticesOf(res)).toEqual([{ code: 'labelCount', count: 6 }]);
    });

    it('counts the Order IDs not found (or not the caller’s) and names the parcels without a package by number', async () => {
      const user = await t.userWithToken('user');
      await t.depot.runtime.pool.query('update clients set combine_labels = true where id = $1', [
        user.clientId,
      ]);
      const own = await kit.parcel(user.clientId!, { operatorId: carrier });
      const cancelled = await kit.parcel(user.clientId!, { operatorId: carrier, status: 'canceled' });
      const foreign = await kit.parcel(await kit.client(), { operatorId: carrier });
      const res = await kit.bulk(user.token, { ids: [own.id, foreign.id, UNKNOWN_ID, cancelled.id] });
      expect(res.status).toBe(200);
      expect(noticesOf(res)).toEqual([
        { code: 'notFound', count: 2 },
        { code: 'noPackageCreated', number: cancelled.internalNumber },
        { code: 'labelCount', count: 1 },
      ]);
      // No internal id in the notices, nor the other client's number.
      const header = String(res.headers['x-label-notices']);
      for (const hidden of [own.id, foreign.id, UNKNOWN_ID, cancelled.id, foreign.internalNumber])
        expect(header).not.toContain(hidden);
      const read = await readPdf(res.body as Buffer);
      expect(read.pages).toBe(1);
      expect(read.texts[0]).toContain(own.internalNumber);
      expect(read.texts.join('\n')).not.toContain(foreign.internalNumber);
    });

    it('none found: a blank PDF, and it says so', async () => {
      const foreign = await kit.parcel(await kit.client(), { operatorId: carrier });
      const user = await t.userWithToken('user');
      const res = await kit.bulk(user.token, { ids: [foreign.id, UNKNOWN_ID] });
      expect(res.status).toBe(200);
      expect(noticesOf(res)).toEqual([{ code: 'notFound', count: 2 }, { code: 'blank' }]);
      expect(await readPdf(res.body as Buffer)).toEqual({ pages: 1, texts: [''] });
    });

    it('ZPL for a selection is one stream, in selection order', async () => {
      const client = await kit.client();
      const a = await kit.parcel(client, { operatorId: carrier });
      const b = await kit.parcel(client, { operatorId: carrier });
      const res = await kit.bulk(admin, { ids: [b.id, a.id], format: 'zpl' });
      expect(res.headers['content-type']).toBe('application/zpl');
      expect(res.headers['content-disposition']).toContain('filename="labels.zpl"');
      const zpl = (res.body as Buffer).toString('utf8');
      expect(zpl.match(/\^XA/g)).toHaveLength(2);
      expect(zpl.indexOf(b.internalNumber)).toBeLessThan(zpl.indexOf(a.internalNumber));
    });

    it.each([
      [{}, MESSAGES.labelNothingSelected, 'ids'],
      [{ ids: [] }, MESSAGES.labelNothingSelected, 'ids'],
      [{ ids: ['x'] }, MESSAGES.labelParcelIdInvalid, 'ids.0'],
      [{ ids: Array.from({ length: 5001 }, () => UNKNOWN_ID) }, MESSAGES.labelTooMany, 'ids'],
      [{ ids: [UNKNOWN_ID], format: 'pdf2' }, MESSAGES.labelFormatInvalid, 'format'],
    ])('refuses a bad body (%#): %s', async (body, message, path) => {
      expectErrorOf(await kit.bulk(admin, body), 400, 'ValidationError', message, { path, message });
    });

    it('is refused to a salesman', async () => {
      const salesman = await t.userWithToken('salesman');
      const res = await kit.bulk(salesman.token, { ids: [UNKNOWN_ID] });
      expectErrorOf(res, 403, 'Forbidden', MESSAGES.forbidden);
      expect(jsonOf(res)).toBeDefined();
    });
  });
});
