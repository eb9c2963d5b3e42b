import { MESSAGES, type Role } from '@depot/contracts';
import { expectError, expectValidation } from '../expectations';
import { NO_ACCESS, UNKNOWN_ID, routingSuite } from './matrices.kit';

/** POST /api/matrix/resolve: the route tester (match, fallback, client matrices, weight limits, refusals). */

const v = MESSAGES.validation;

describe('routing: tester, carrier replacement, export', () => {
  const k = routingSuite();

  const resolve = (role: Role, body: Record<string, unknown>) =>
    k.t.http().post('/api/matrix/resolve').set(k.bearer(role)).send(body);

  describe('POST /api/matrix/resolve', () => {
    it('the first matrix is the default searched', () => {
      expect([k.main.isDefault, k.domestic.isDefault]).toEqual([true, false]);
    });

    it('explains the match: the most specific condition, skipping an inactive carrier', async () => {
      const res = await resolve('operator', {
        pickupCountry: 'pl',
        destinationCountry: 'DE',
        weightKg: '12,5',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: true,
        operator: { id: k.op.dpd },
        matrix: { id: k.main.id, name: k.main.name },
        condition: { position: 2, pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 30 },
        specificity: 'exact',
        fallback: false,
        primaryMatrix: null,
        defaultMatrix: { id: k.main.id },
        skipped: [
          { cause: 'inactive', condition: { position: 1, operatorId: k.op.old }, matrix: { id: k.main.id } },
        ],
      });
    });

    it('a heavier parcel falls to a less specific condition; too heavy for any gives noMatch', async () => {
      const heavier = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 40 });
      expect(heavier.body).toMatchObject({
        ok: true,
        operator: { id: k.op.gls },
        specificity: 'destination',
      });
      const none = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 500 });
      expect(none.body).toMatchObject({
        ok: false,
        reason: 'noMatch',
        searchedMatrices: [{ id: k.main.id, name: k.main.name }],
      });
    });

    it("refuses a parcel over the chosen carrier's own limit (overWeight)", async () => {
      const res = await resolve('admin', { pickupCountry: 'PL', destinationCountry: 'CZ', weightKg: 8 });
      expect(res.body).toMatchObject({
        ok: false,
        reason: 'overWeight',
        operator: { id: k.op.light },
        weightKg: 8,
        limitKg: 5,
        condition: { position: 4 },
      });
    });

    it('tests another matrix with the default as fallback', async () => {
      const own = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 2,
        matrixId: k.domestic.id,
      });
      expect(own.body).toMatchObject({
        ok: true,
        operator: { id: k.op.gls },
        matrix: { id: k.domestic.id },
        fallback: false,
        primaryMatrix: { id: k.domestic.id, name: k.domestic.name },
      });
      const fallback = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'FR',
        weightKg: 2,
        matrixId: k.domestic.id,
      });
      expect(fallback.body).toMatchObject({
        ok: true,
        operator: { id: k.op.ups },
        matrix: { id: k.main.id },
        fallback: true,
      });
    });

    it("routes as a client's parcel: its domestic or return matrix by title, else the default", async () => {
      const client = await k.t.createClient({
        domesticMatrixTitle: ` ${k.domestic.name.toUpperCase()} `,
        returnMatrixTitle: 'No such matrix',
      });
      const home = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 1,
        clientId: client,
      });
      expect(home.body).toMatchObject({
        ok: true,
        matrix: { id: k.domestic.id },
        clientMatrixTitle: k.domestic.name.toUpperCase(),
        clientMatrixMissing: false,
      });
      const ret = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'PL',
        weightKg: 1,
        clientId: client,
        isReturn: true,
      });
      expect(ret.body).toMatchObject({
        ok: true,
        matrix: { id: k.main.id },
        clientMatrixTitle: 'No such matrix',
        clientMatrixMissing: true,
        primaryMatrix: null,
      });
      const abroad = await resolve('admin', {
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        weightKg: 1,
        clientId: client,
      });
      expect(abroad.body).toMatchObject({ ok: true, matrix: { id: k.main.id }, clientMatrixTitle: null });
    });

    it.each([
      [{ destinationCountry: 'DE', weightKg: 1 }, v.countryRequired, 'pickupCountry'],
      [
        { pickupCountry: 'US', destinationCountry: 'DE', weightKg: 1 },
        v.routingCountryUnsupported,
        'pickupCountry',
      ],
      [{ pickupCountry: 'PL', destinationCountry: 'DE' }, v.routeWeightRequired, 'weightKg'],
      [{ pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 0 }, v.routeWeightInvalid, 'weightKg'],
      [{ pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 'x' }, v.routeWeightInvalid, 'weightKg'],
      [
        {
          pickupCountry: 'PL',
          destinationCountry: 'DE',
          weightKg: 1,
          matrixId: UNKNOWN_ID,
          clientId: UNKNOWN_ID,
        },
        v.routeMatrixOrClient,
        'clientId',
      ],
    ])('refuses %j: "%s"', async (body, message, path) => {
      expectValidation(await resolve('admin', body), message, path);
    });

    it('answers 404 for an unknown matrix or client', async () => {
      const base = { pickupCountry: 'PL', destinationCountry: 'DE', weightKg: 1 };
      expectError(
        await resolve('admin', { ...base, matrixId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.matrixNotFound,
      );
      expectError(
        await resolve('admin', { ...base, clientId: UNKNOWN_ID }),
        404,
        'Not Found',
        MESSAGES.clientNotFound,
      );
    });

    it.each(NO_ACCESS)('refuses %s (a client user cannot probe any client either)', async (role) => {
      const res = await resolve(role, {
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        weightKg: 1,
        clientId: UNKNOWN_ID,
      });
      expect(res.status).toBe(403);
    });
  });
});
