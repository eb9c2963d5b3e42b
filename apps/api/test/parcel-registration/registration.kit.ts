import type { CarrierRegistrationView, JobFinished, SendToCarrierResult } from '@depot/contracts';
import { eq } from 'drizzle-orm';
import { operators } from '../../src/db/schema';
import { SecretBox } from '../../src/secrets/secret-box';
import { startCarrierKit, type CarrierKit } from '../parcels/parcels-carrier.kit';

/**
 * The carrier kit with new parcels sent to their carriers at once (decision 0147): the kit's routed carrier becomes an
 * InPost courier account at the fake ShipX, so every parcel the suite creates is registered there.
 */
export interface RegistrationKit extends CarrierKit {
  registration(id: string, who?: Parameters<CarrierKit['k']['auth']>[0]): Promise<CarrierRegistrationView>;
  /** Waits until the parcel's registration is in `state` (the trigger and jobs run in the background). */
  reachesState(id: string, state: string): Promise<CarrierRegistrationView>;
  /** Starts "send to carrier" over `ids` as the admin and answers the job's result. */
  sendSelection(ids: string[]): Promise<SendToCarrierResult>;
}

export async function startRegistrationKit(): Promise<RegistrationKit> {
  const c = await startCarrierKit({ CARRIER_REGISTRATION_ON_CREATE: 'true' });
  const box = c.k.t.depot.app.get(SecretBox);
  await c.k.t.depot.runtime.db
    .update(operators)
    .set({
      type: 'INPOST',
      config: { organizationId: 123, defaultService: 'inpost_courier_standard', labelFormat: 'PDF' },
      secretConfig: box.encryptJson({ apiToken: c.inpost.token }),
    })
    .where(eq(operators.id, c.k.operatorId));
  const registration: RegistrationKit['registration'] = async (id, who = 'admin') => {
    const res = await c.k.t.http().get(`/api/order/${id}/carrierRegistration`).set(c.k.auth(who));
    if (res.status !== 200) throw new Error(`registration: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as CarrierRegistrationView;
  };
  return {
    ...c,
    registration,
    async reachesState(id, state) {
      let last: CarrierRegistrationView | undefined;
      for (let i = 0; i < 200; i++) {
        last = await registration(id);
        if (last.state === state) return last;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`parcel ${id} did not reach ${state}: ${JSON.stringify(last)}`);
    },
    async sendSelection(ids) {
      const res = await c.k.t.http().post('/api/order/sendToCarrier').set(c.k.auth('admin')).send({ ids });
      if (res.status !== 202) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
      const done: JobFinished = await c.finished((res.body as { jobId: string }).jobId);
      return done.result as SendToCarrierResult;
    },
  };
}
