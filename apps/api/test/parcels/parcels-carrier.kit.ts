import type { JobFinished, ParcelStatusHistoryEntry, ParcelView } from '@depot/contracts';
import { operators } from '../../src/db/schema';
import { SecretBox } from '../../src/secrets/secret-box';
import { CARRIER_RETRY_POLICY, type CarrierRetryPolicy } from '../../src/integrations/carriers/carrier-retry';
import { connected, eventMatching, type DepotSocket } from '../harness';
import { startParcelsKit, tag, type ParcelsKit } from './parcels.kit';
import { startFakeInpost, type FakeInpost } from '../../src/sandbox/carriers/fake-inpost';
import { startFakePacketa, type FakePacketa } from '../../src/sandbox/carriers/fake-packeta';
import { startFakeUps, type FakeUps } from '../../src/sandbox/carriers/fake-ups';

/**
 * The parcels kit with the three fake carriers configured (CARRIER_*_URL, a short CARRIER_TIMEOUT_MS, short waits
 * between attempts) and an operator of each type with credentials, plus helpers to hand a parcel to a carrier and
 * follow its cancellation.
 */
export interface CarrierKit {
  k: ParcelsKit;
  socket: DepotSocket;
  inpost: FakeInpost;
  ups: FakeUps;
  packeta: FakePacketa;
  operatorIds: { INPOST: string; UPS: string; PACKETA: string; DPD: string };
  /** A parcel of the kit's own client handed to `operator` (status `status`), with that carrier number. */
  handedTo(operatorId: string, externalNumber: string | null, status?: string): Promise<string>;
  statusOf(id: string): Promise<string>;
  lastHistory(id: string): Promise<ParcelStatusHistoryEntry>;
  /** The `job:finished` of a job the admin started. */
  finished(jobId: string): Promise<JobFinished>;
  /** Waits until the parcel reaches `status` (jobs run in the background). */
  reaches(id: string, status: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCarrierKit(env: Record<string, string> = {}): Promise<CarrierKit> {
  const [inpost, ups, packeta] = await Promise.all([startFakeInpost(), startFakeUps(), startFakePacketa()]);
  const k = await startParcelsKit({
    CARRIER_INPOST_URL: inpost.url,
    CARRIER_UPS_URL: `${ups.url}/`,
    CARRIER_PACKETA_URL: packeta.url,
    CARRIER_TIMEOUT_MS: '400',
    ...env,
  });
  // The app's retry policy (its DI token): the same three attempts, but 10 ms between them instead of 300 ms and 1 s.
  // These suites count attempts and follow outcomes; waiting between attempts is unit-tested (carrier-retry.spec.ts).
  const retry = k.t.depot.app.get<typeof CARRIER_RETRY_POLICY, CarrierRetryPolicy>(CARRIER_RETRY_POLICY);
  retry.backoffMs = [10, 10];
  const box = k.t.depot.app.get(SecretBox);
  const operator = async (type: string, config: Record<string, unknown>, secrets: Record<string, string>) => {
    const [row] = await k.t.depot.runtime.db
      .insert(operators)
      .values({ name: `${type} ${tag()}`, type, config, secretConfig: box.encryptJson(secrets) })
      .returning({ id: operators.id });
    return row.id;
  };
  const operatorIds = {
    INPOST: await operator(
      'INPOST',
      { organizationId: 123, defaultService: 'inpost_locker_standard' },
      {
        apiToken: inpost.token,
      },
    ),
    UPS: await operator(
      'UPS',
      { shipperNumber: 'A1B2C3', clientId: ups.clientId },
      {
        clientSecret: ups.clientSecret,
      },
    ),
    PACKETA: await operator('PACKETA', { senderLabel: 'depot' }, { apiPassword: packeta.apiPassword }),
    DPD: await operator('DPD', { masterFid: 1, fid: 2 }, { password: 'dpd' }),
  };
  const socket = k.t.socket({ token: k.tokens.admin });
  await connected(socket);
  const statusOf = async (id: string) =>
    (await k.query<{ status: string }>('select status from parcels where id = $1', [id]))[0].status;

  return {
    k,
    socket,
    inpost,
    ups,
    packeta,
    operatorIds,
    async handedTo(operatorId, externalNumber, status = 'pickup') {
      const p = await k.created(k.own.id);
      const res = await k.setStatus(p.id, status);
      if (res.status !== 200) throw new Error(`status: ${res.status} ${JSON.stringify(res.body)}`);
      await k.query('update parcels set operator_id = $2, external_number = $3 where id = $1', [
        p.id,
        operatorId,
        externalNumber,
      ]);
      return p.id;
    },
    statusOf,
    async lastHistory(id) {
      const view = (await k.t.http().get(`/api/order/${id}`).set(k.auth('admin'))).body as ParcelView;
      return view.statusHistory.at(-1)!;
    },
    finished: (jobId) => eventMatching(socket, 'job:finished', (e) => e.jobId === jobId, 20_000),
    async reaches(id, status) {
      for (let i = 0; i < 200; i++) {
        if ((await statusOf(id)) === status) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`parcel ${id} did not reach ${status}`);
    },
    async close() {
      await k.close();
      await Promise.all([inpost.close(), ups.close(), packeta.close()]);
    },
  };
}
