import {
  tracked,
  trackingUnavailable,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
import { text } from './carrier-cancellation';
import { element, textOf } from './packeta-xml';
import { isoLocalTime, soapFault, xmlBlocks } from './tracking-xml';

/**
 * DPD Polska DPDInfoServices (SOAP 1.1, JAX-WS), the event queue of a customer: `POST
 * {base}/DPDInfoServicesObjEventsService/DPDInfoServicesObjEvents` (production base
 * https://dpdinfoservices.dpd.com.pl, no sandbox), namespace `http://events.dpdinfoservices.dpd.com.pl/`,
 * unqualified children:
 * - `getEventsForCustomerV4 { limit, language, authDataV1 { channel, login, password } }` →
 *   `getEventsForCustomerV4Response { return { confirmId, eventsList* { businessCode, country, depot, depotName,
 *   description, eventDataList*, eventTime, id, objectId, operationType, packageReference, parcelReference,
 *   waybill } } }`, events not yet confirmed (at most `limit`, in the queue's order); `eventTime` is Polish wall-clock
 *   time without an offset (`2017-09-25T17:34:08.778`);
 * - `markEventsAsProcessedV1 { confirmId, authDataV1 }` → `markEventsAsProcessedV1Response { return }`: those
 *   events leave the queue;
 * - errors are SOAP faults (`faultstring`, detail `Exception { message }`), "Access denied…" for bad credentials.
 * `channel` is the customer's master FID (our operator config's `masterFid`), with its DPD login and password.
 *
 * Sources: the official DPD Polska PrestaShop module (dpdshipping, src/Api/DpdInfoServices: classmap and types,
 * Config::DPD_INFO_SERVICES_LIVE), dbojdo/dpd-client (src/DPDInfoServices: SoapFunctions, AuthDataV1 { login,
 * password, channel }, CustomerEvents/*, BusinessCodes, ExceptionsWrappingExecutor "Access denied"), a raw envelope
 * of the same service in a public C# client (namespace prefix `even`, authDataV1 children), a C# client passing the
 * master FID as `channel`, and rafalli's DpdInfoServicesBundle tests (eventTime, businessCode 190101 "Doręczono").
 *
 * The code is the event's `businessCode` (six digits, e.g. 190101 delivered); the description DPD's own text.
 * The queue is pulled whatever numbers are asked (it holds every parcel of the customer) and what was read is
 * confirmed at once, so each event comes once: the answer holds events for whatever waybills came.
 */
export const DPD_INFO_PATH = '/DPDInfoServicesObjEventsService/DPDInfoServicesObjEvents';
const NS = 'http://events.dpdinfoservices.dpd.com.pl/';
/** Events one pull asks for. */
export const DPD_PULL_LIMIT = 1000;
/** Pulls one `track` makes at most while the queue keeps coming full. */
const MAX_PULLS = 5;
/** Language of the events' descriptions. */
const LANGUAGE = 'PL';
/** DPD Polska's event times are the wall clock in Poland. */
const DPD_ZONE = 'Europe/Warsaw';

/** A fault that says our credentials are refused (nobody answered about any parcel). */
const AUTH_FAULT = /access denied|denied access|authenticat|authori[sz]|login|password|credential/i;

export interface DpdAuth {
  login: string;
  password: string;
  channel: string;
}

const envelope = (operation: string, children: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:even="${NS}">` +
  `<soapenv:Header/><soapenv:Body><even:${operation}>${children}</even:${operation}></soapenv:Body>` +
  '</soapenv:Envelope>';

const authData = (a: DpdAuth) =>
  `<authDataV1>${element('channel', a.channel)}${element('login', a.login)}${element('password', a.password)}</authDataV1>`;

export const getEventsXml = (auth: DpdAuth, limit = DPD_PULL_LIMIT): string =>
  envelope(
    'getEventsForCustomerV4',
    `${element('limit', String(limit))}${element('language', LANGUAGE)}${authData(auth)}`,
  );

export const markProcessedXml = (auth: DpdAuth, confirmId: string): string =>
  envelope('markEventsAsProcessedV1', `${element('confirmId', confirmId)}${authData(auth)}`);

/** Why a reply that is not the answer gives none: a fault (ours refused, or the service's), or its HTTP status. */
function noAnswer(reply: HttpReply): { unavailable: string } | null {
  const fault = soapFault(reply.body);
  if (fault !== null && AUTH_FAULT.test(fault)) return { unavailable: 'AUTH_FAILED' };
  if (reply.status !== 200) {
    const r = trackingUnavailableStatus(reply.status);
    return { unavailable: r.kind === 'unavailable' ? r.reason : 'BAD_REPLY' };
  }
  return fault === null ? null : { unavailable: 'BAD_REPLY' };
}

/** One pull of the queue, read. */
export interface DpdPull {
  /** What confirms these events; null when none came. */
  confirmId: string | null;
  /** How many queue entries came (events of no waybill included), to tell a full pull. */
  count: number;
  events: Map<string, TrackingEvent[]>;
}

/**
 * A `getEventsForCustomerV4` reply. Entries without a waybill and `operationType` CANCEL entries (DPD withdrawing an
 * earlier event) are not parcel events and are skipped; an event without a code or a readable time makes the whole
 * pull unreadable (it is then not confirmed, and staff see BAD_REPLY).
 */
export function readDpdEvents(reply: HttpReply): DpdPull | { unavailable: string } {
  const failed = noAnswer(reply);
  if (failed) return failed;
  const response = xmlBlocks(reply.body, 'getEventsForCustomerV4Response')[0];
  if (response === undefined) return { unavailable: 'BAD_REPLY' };
  const ret = xmlBlocks(response, 'return')[0] ?? '';
  const entries = xmlBlocks(ret, 'eventsList');
  const events = new Map<string, TrackingEvent[]>();
  for (const entry of entries) {
    // Event data (a new waybill, a pickup point…) has its own `code` and `description`: not the event's.
    const own = entry.replace(
      /<(?:[\w.-]+:)?eventDataList(?:\s[^>]*)?(?:\/>|>[\s\S]*?<\/(?:[\w.-]+:)?eventDataList\s*>)/g,
      '',
    );
    const waybill = textOf(own, 'waybill');
    if (!waybill || textOf(own, 'operationType') === 'CANCEL') continue;
    const code = textOf(own, 'businessCode');
    const at = isoLocalTime(textOf(own, 'eventTime') ?? '', DPD_ZONE);
    if (!code || !at) return { unavailable: 'BAD_REPLY' };
    const list = events.get(waybill) ?? [];
    list.push({ code, description: textOf(own, 'description') || code, at });
    events.set(waybill, list);
  }
  const confirmId = textOf(ret, 'confirmId') || null;
  if (entries.length > 0 && !confirmId) return { unavailable: 'BAD_REPLY' };
  return { confirmId, count: entries.length, events };
}

/** A `markEventsAsProcessedV1` reply: whether DPD took the confirmation. */
export function readDpdConfirm(reply: HttpReply): true | { unavailable: string } {
  const failed = noAnswer(reply);
  if (failed) return failed;
  const response = xmlBlocks(reply.body, 'markEventsAsProcessedV1Response')[0];
  if (response === undefined || textOf(response, 'return') === 'false') return { unavailable: 'BAD_REPLY' };
  return true;
}

/** How long events read for a waybill nobody asked about are held for it (a parcel no longer tracked never asks). */
const HOLD_MS = 14 * 24 * 3600_000;
/** Most events held per customer; the oldest go first past it. */
const HOLD_MAX = 100_000;

interface Held {
  events: TrackingEvent[];
  since: number;
}

/**
 * DPD Polska: pulls the customer's event queue and confirms each pull, pulling again while pulls come full (at
 * most five per call). Once a pull is confirmed its events are answered even if a later request fails: the queue
 * will not give them again. A confirmation that fails ends the call with what was read (DPD gives those events
 * again next time; the refresh skips events it already has).
 *
 * The answer holds every waybill read, asked or not. Because the refresh applies an answer to the numbers it asked
 * (a batch, or a selection of parcels), events of a waybill not asked are also held here, in memory, per customer,
 * and answered again the next time that number is asked (for 14 days, at most 100 000 events; a restart forgets
 * them). Calls for one customer are made one after another, so two batches never pull the same queue at once.
 */
export class DpdTrackingAdapter implements TrackingAdapter {
  readonly batchSize = DPD_PULL_LIMIT;
  private readonly held = new Map<string, Map<string, Held>>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
    private readonly limit = DPD_PULL_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  async track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    const auth = {
      login: text(config, 'login'),
      password: text(config, 'password'),
      channel: text(config, 'masterFid'),
    };
    if (!auth.login || !auth.password || !auth.channel) return trackingUnavailable('MISSING_CREDENTIALS');
    const customer = `${base}\n${auth.channel}\n${auth.login}`;
    const turn = (this.turns.get(customer) ?? Promise.resolve()).then(() => this.pullAll(base, auth));
    this.turns.set(
      customer,
      turn.catch(() => undefined),
    );
    const pulled = await turn;
    if (pulled.kind === 'unavailable') return pulled;
    return tracked(sorted(this.answer(customer, pulled.events, numbers)));
  }

  /** Every pull of this call merged, or why the first one gave nothing. */
  private async pullAll(base: string, auth: DpdAuth): Promise<TrackingResult> {
    const all = new Map<string, TrackingEvent[]>();
    for (let pull = 0; pull < MAX_PULLS; pull++) {
      const read = await this.call(base, getEventsXml(auth, this.limit), readDpdEvents);
      if ('unavailable' in read) return pull === 0 ? trackingUnavailable(read.unavailable) : tracked(all);
      for (const [waybill, events] of read.events) all.set(waybill, [...(all.get(waybill) ?? []), ...events]);
      if (read.confirmId === null) break;
      const confirmed = await this.call(base, markProcessedXml(auth, read.confirmId), readDpdConfirm);
      if (confirmed !== true || read.count < this.limit) break;
    }
    return tracked(all);
  }

  /** What was pulled, plus what was held for the numbers asked; what was pulled for others is held for them. */
  private answer(
    customer: string,
    pulled: Map<string, TrackingEvent[]>,
    numbers: readonly string[],
  ): Map<string, TrackingEvent[]> {
    const now = this.now();
    const held = this.held.get(customer) ?? new Map<string, Held>();
    const answer = new Map(pulled);
    for (const number of numbers) {
      const h = held.get(number);
      if (!h) continue;
      held.delete(number);
      if (now - h.since <= HOLD_MS) answer.set(number, [...h.events, ...(pulled.get(number) ?? [])]);
    }
    const asked = new Set(numbers);
    for (const [waybill, events] of pulled) {
      if (asked.has(waybill)) continue;
      const h = held.get(waybill);
      // Re-inserted: the map's order is oldest first.
      held.delete(waybill);
      held.set(waybill, { events: [...(h?.events ?? []), ...events], since: h?.since ?? now });
    }
    let count = 0;
    for (const h of held.values()) count += h.events.length;
    for (const [waybill, h] of held) {
      if (now - h.since <= HOLD_MS && count <= HOLD_MAX) continue;
      held.delete(waybill);
      count -= h.events.length;
    }
    if (held.size > 0) this.held.set(customer, held);
    else this.held.delete(customer);
    return answer;
  }

  private async call<T>(
    base: string,
    body: string,
    read: (reply: HttpReply) => T | { unavailable: string },
  ): Promise<T | { unavailable: string }> {
    try {
      const reply = await send(
        this.fetchImpl,
        `${base}${DPD_INFO_PATH}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml', SOAPAction: '""' },
          body,
        },
        this.timeoutMs,
      );
      return read(reply);
    } catch (err) {
      return { unavailable: err instanceof NoReply ? err.reason : 'CONNECTION_FAILED' };
    }
  }
}

function sorted(events: Map<string, TrackingEvent[]>): Map<string, TrackingEvent[]> {
  for (const list of events.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());
  return events;
}
