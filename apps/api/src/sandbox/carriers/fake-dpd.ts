import { randomUUID } from 'node:crypto';
import {
  startFakeCarrier,
  type FakeCarrier,
  type FakeRegistrations,
  type FakeRequest,
  type FakeShipment,
} from './fake-carrier-server';
import {
  answerDpdServices,
  DPD_SERVICES_FAKE_PATH,
  esc,
  soapEnvelope,
  soapFaultReply,
  type DpdServicesState,
} from './fake-dpd-services';

/**
 * A local stand-in for DPD Polska's DPDInfoServices event queue (SOAP 1.1, JAX-WS; shapes from the sources named in
 * src/integrations/carriers/dpd-tracking.ts): `POST /DPDInfoServicesObjEventsService/DPDInfoServicesObjEvents`.
 * - `getEventsForCustomerV4 { limit, language, authDataV1 { channel, login, password } }` answers the oldest
 *   unconfirmed events of that customer (`channel`, the master FID), at most `limit`, as
 *   `<ns2:getEventsForCustomerV4Response><return><confirmId/><eventsList>…</eventsList>…</return>`, each entry's
 *   children in JAXB's alphabetical order, `eventTime` Polish wall-clock time without an offset; an empty queue is
 *   `<return/>`. Events stay queued until confirmed: asking again gives the same ones.
 * - `markEventsAsProcessedV1 { confirmId, authDataV1 }` removes the events that confirmId gave and answers
 *   `<return>true</return>` (an unknown or already used confirmId too: removing nothing).
 * - Wrong credentials (or `badCredentials`) are a SOAP fault "Access denied" with HTTP 500; an unknown operation is
 *   JAX-WS's "Cannot find dispatch method" fault; `error500` a server fault. A waybill nobody queued events for is
 *   simply never in the queue.
 * And DPDServices' registration and labels on the same server (`generatePackagesNumbersV4`, `generateSpedLabelsV4`
 * at `/DPDPackageObjServicesService/DPDPackageObjServices`, fake-dpd-services.ts): shipments it registers report
 * through `created` / `onCreated`, and their waybills come into the queue above at once.
 */
export interface FakeDpdEvent {
  code: string;
  description: string;
  at: Date;
  depot?: string;
  depotName?: string;
  /** `CANCEL` queues DPD's withdrawal of an earlier event (default `INSERT`). */
  operationType?: string;
}

export interface FakeDpd extends FakeCarrier, FakeRegistrations {
  login: string;
  password: string;
  /** The customer's master FID, sent as `channel` (DPDInfoServices) and as `masterFid` (DPDServices). */
  masterFid: string;
  /** Sender FIDs DPDServices takes besides the master FID. */
  fids: string[];
  /** Queues events of a waybill for a customer (the default one unless `channel` is given). */
  setEvents(waybill: string, events: FakeDpdEvent[], channel?: string): void;
  /** Events still queued for a customer. */
  queued(channel?: string): number;
  /** confirmIds received, in order. */
  readonly confirmations: string[];
  /** DPDServices requests received (also in `requests`). */
  servicesRequests(): FakeRequest[];
}

const NS = 'http://events.dpdinfoservices.dpd.com.pl/';
export const DPD_FAKE_PATH = '/DPDInfoServicesObjEventsService/DPDInfoServicesObjEvents';

const field = (body: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`)
    .exec(body)?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&') ?? null;

const envelope = soapEnvelope;
const fault = (message: string, code = 'S:Server') => soapFaultReply(message, NS, 'Exception', code);

const warsaw = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** `2017-09-25T17:34:08.778`: Polish wall-clock time, no offset, as DPD writes it. */
export const dpdTime = (d: Date): string =>
  `${warsaw.format(d).replace(' ', 'T')}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;

interface Queued extends FakeDpdEvent {
  id: number;
  waybill: string;
}

export async function startFakeDpd(
  login = 'dpd-login',
  password = 'dpd-password',
  masterFid = '1495',
): Promise<FakeDpd> {
  const queues = new Map<string, Queued[]>();
  const handedOut = new Map<string, { channel: string; ids: number[] }>();
  const confirmations: string[] = [];
  const services: DpdServicesState = { issued: 0, waybills: new Map() };
  let nextId = 1;
  const fake = await startFakeCarrier(
    (req, f) => {
      const dpd = f as FakeDpd;
      if (req.method === 'POST' && req.path === DPD_SERVICES_FAKE_PATH)
        return answerDpdServices(req, dpd, services);
      if (req.method !== 'POST' || req.path !== DPD_FAKE_PATH)
        return { status: 404, type: 'text/html', body: '<html><body>Not Found</body></html>' };
      const op = /<(?:[\w.-]+:)?(getEventsForCustomerV4|markEventsAsProcessedV1)[\s>]/.exec(req.body)?.[1];
      if (!op) return fault(`Cannot find dispatch method for {${NS}}unknown`, 'S:Client');
      const channel = field(req.body, 'channel') ?? '';
      if (
        f.mode === 'badCredentials' ||
        field(req.body, 'login') !== dpd.login ||
        field(req.body, 'password') !== dpd.password ||
        channel !== dpd.masterFid
      )
        return fault('Access denied');
      if (op === 'markEventsAsProcessedV1') {
        const confirmId = field(req.body, 'confirmId') ?? '';
        confirmations.push(confirmId);
        const given = handedOut.get(confirmId);
        if (given) {
          const done = new Set(given.ids);
          queues.set(
            given.channel,
            (queues.get(given.channel) ?? []).filter((e) => !done.has(e.id)),
          );
          handedOut.delete(confirmId);
        }
        return envelope(
          200,
          `<ns2:markEventsAsProcessedV1Response xmlns:ns2="${NS}"><return>true</return></ns2:markEventsAsProcessedV1Response>`,
        );
      }
      const limit = Math.max(1, Number(field(req.body, 'limit')) || 1);
      const batch = (queues.get(channel) ?? []).slice(0, limit);
      if (batch.length === 0)
        return envelope(
          200,
          `<ns2:getEventsForCustomerV4Response xmlns:ns2="${NS}"><return/></ns2:getEventsForCustomerV4Response>`,
        );
      const confirmId = randomUUID();
      handedOut.set(confirmId, { channel, ids: batch.map((e) => e.id) });
      const entries = batch.map(
        (e) =>
          '<eventsList>' +
          `<businessCode>${esc(e.code)}</businessCode><country>PL</country>` +
          `<depot>${esc(e.depot ?? '01399')}</depot><depotName>${esc(e.depotName ?? 'Warszawa')}</depotName>` +
          `<description>${esc(e.description)}</description><eventTime>${dpdTime(e.at)}</eventTime>` +
          `<id>${e.id}</id><objectId>${1000 + e.id}</objectId><operationType>${e.operationType ?? 'INSERT'}</operationType>` +
          `<packageReference></packageReference><parcelReference></parcelReference>` +
          `<waybill>${esc(e.waybill)}</waybill></eventsList>`,
      );
      return envelope(
        200,
        `<ns2:getEventsForCustomerV4Response xmlns:ns2="${NS}"><return><confirmId>${confirmId}</confirmId>${entries.join('')}</return></ns2:getEventsForCustomerV4Response>`,
      );
    },
    () => fault('Internal error: java.lang.NullPointerException'),
  );
  return Object.assign(fake, {
    login,
    password,
    masterFid,
    fids: [] as string[],
    confirmations,
    created: [] as FakeShipment[],
    onCreated: null as FakeDpd['onCreated'],
    servicesRequests: () => fake.requests.filter((r) => r.path === DPD_SERVICES_FAKE_PATH),
    setEvents(waybill: string, events: FakeDpdEvent[], channel = masterFid) {
      const queue = queues.get(channel) ?? [];
      for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime()))
        queue.push({ ...e, waybill, id: nextId++ });
      queues.set(channel, queue);
    },
    queued: (channel = masterFid) => queues.get(channel)?.length ?? 0,
  });
}
