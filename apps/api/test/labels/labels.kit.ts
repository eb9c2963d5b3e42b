import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { LABEL_NOTICES_HEADER, type LabelNotice } from '@depot/contracts';
import { type clients, operators, parcels } from '../../src/db/schema';
import { binary } from '../exports/exports.kit';
import type { TestDepot } from '../harness';

/** Shared by the label suites: parcels inserted with SQL (the parcels module is not their subject), label calls. */

let seq = 0;

const address = (name: string, city: string, country: string) => ({
  name,
  street: 'Świętokrzyska',
  building: '12',
  city,
  zipCode: '00-001',
  country,
  phone: '+48 600 100 200',
  email: null,
});

export type LabelClientFlagsInsert = Partial<typeof clients.$inferInsert>;

export function labelKit(t: () => TestDepot) {
  const db = () => t().depot.runtime.db;
  const kit = {
    async carrier(name = `Kurier ${randomUUID().slice(0, 8)}`): Promise<string> {
      const [o] = await db().insert(operators).values({ name, type: 'DPD' }).returning({ id: operators.id });
      return o.id;
    },
    async client(flags: LabelClientFlagsInsert = {}): Promise<string> {
      return t().createClient({ shortName: `Łąka ${randomUUID().slice(0, 8)}`, ...flags });
    },
    /** A parcel of `clientId`; returns its id and internal number. */
    async parcel(
      clientId: string,
      over: Partial<typeof parcels.$inferInsert> = {},
    ): Promise<{ id: string; internalNumber: string }> {
      const internalNumber = `LBL${process.pid}${(seq++).toString().padStart(6, '0')}`;
      const [p] = await db()
        .insert(parcels)
        .values({
          clientId,
          orderType: 'internal',
          source: 'form',
          internalNumber,
          weightKg: '2.500',
          packageCount: 1,
          pickupAddress: address('Łąkowa sp. z o.o.', 'Zielona Góra', 'PL'),
          destinationAddress: address('Zażółć Gęślą', 'Łódź', 'DE'),
          pickupCountry: 'PL',
          destinationCountry: 'DE',
          ...over,
        })
        .returning({ id: parcels.id });
      return { id: p.id, internalNumber };
    },
    single: (token: string, body: unknown) =>
      t()
        .http()
        .post('/api/order/generateLabelsForSinglePackage')
        .set({ Authorization: `Bearer ${token}` })
        .send(body as object)
        .buffer(true)
        .parse(binary),
    bulk: (token: string, body: unknown) =>
      t()
        .http()
        .post('/api/order/labels')
        .set({ Authorization: `Bearer ${token}` })
        .send(body as object)
        .buffer(true)
        .parse(binary),
    download: (token: string, url: string) =>
      t()
        .http()
        .get(url)
        .set({ Authorization: `Bearer ${token}` })
        .buffer(true)
        .parse(binary),
  };
  return kit;
}

/** The notices header of a label reply. */
export const noticesOf = (res: Response): LabelNotice[] =>
  JSON.parse(String(res.headers[LABEL_NOTICES_HEADER.toLowerCase()])) as LabelNotice[];
