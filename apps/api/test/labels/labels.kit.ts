import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { LABEL_NOTICES_HEADER, LABELS_JOB_NAME, type LabelNotice } from '@depot/contracts';
import { type clients, operators, parcels } from '../../src/db/schema';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import type { LabelsJobData } from '../../src/modules/labels/jobs/render-labels.job';
import { binary, UNKNOWN_ID } from '../exports/exports.kit';
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
    /**
     * Queues the bulk label job of a client user's parcels as the service does, then disables the client's access
     * before it runs: the job, which reads its caller again, fails with the forbidden message.
     */
    async jobOfDisabledClient(user: { id: string; clientId: string | null }, ids: string[]): Promise<string> {
      await t().depot.runtime.pool.query('update clients set disable_access = true where id = $1', [
        user.clientId,
      ]);
      // What the service queued while the client could still sign in.
      const data: LabelsJobData = {
        ids,
        format: 'pdf',
        principal: {
          kind: 'session',
          userId: user.id,
          role: 'user',
          clientId: user.clientId,
          sessionId: UNKNOWN_ID,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      };
      return (await t().depot.app.get(JobsService).start(LABELS_JOB_NAME, data, user.id)).jobId;
    },
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
