import {
  trackEach,
  trackingUnavailable,
  trackingUnavailableStatus,
  type TrackingAdapter,
  type TrackingEvent,
  type TrackingResult,
} from './carrier-tracking';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
import { text } from './carrier-cancellation';
import { packetIdOf } from './packeta.adapter';
import { element, textOf } from './packeta-xml';
import { isoLocalTime, xmlBlocks } from './tracking-xml';

/**
 * Packeta REST/XML API `packetTracking` (the same call as the SOAP API's, on `POST {base}/api/rest`, production base
 * https://www.zasilkovna.cz): `<packetTracking><apiPassword/><packetId/></packetTracking>` → `<response>
 * <status>ok</status><result><record><dateTime/><statusCode/><codeText/><statusText/><branchId/>
 * <destinationBranchId/><externalTrackingCode/></record>…</result></response>`, the packet's whole history oldest
 * first (a `record` per status: the SOAP API's StatusRecords type, which Packeta's PrestaShop module reads as
 * `$statusRecords->record`, its last being the current one). Faults are `<response><status>fault</status>
 * <fault>…</fault><string>…</string></response>`: PacketIdFault for a packet id Packeta does not know (the number
 * is left out), IncorrectApiPasswordFault for a wrong API password (AUTH_FAILED); any other fault is no answer
 * (BAD_REPLY).
 *
 * Sources: Packeta's own modules — PrestaShop (Zasilkovna/prestashop, libs/PacketTracking: PacketStatus's numeric
 * codes, PacketStatusFactory's codeTexts and names, PacketTrackingCron, Module/SoapApi::getPacketTracking) and
 * WooCommerce (Zasilkovna/WooCommerce, Core/Entity/PacketStatus codeTexts, Api/Soap BaseResponse faults);
 * Salamek/zasilkovna (ApiRest::packetTracking: the REST call, `<packetTracking>` with `apiPassword` and `packetId`,
 * the answer in `result`); MLJ-solutions/go-zasilkovna (StatusRecord: dateTime, statusCode, codeText, statusText,
 * branchId, destinationBranchId, externalTrackingCode).
 *
 * The code is the record's `codeText` ("delivered", "ready for pickup"…: the status map's Packeta codes,
 * status-codes.ts), or the codeText of its numeric `statusCode` when a record has none; the description its
 * `statusText` (Packeta's words for the event). `dateTime` is an xsd:dateTime written without an offset
 * ("2024-01-10T15:34:06"): read as Czech wall-clock time (Packeta's own), or at its offset when it has one.
 *
 * Packet ids: the parcel's number may be the barcode ("Z" + digits, as the label prints it) or the packet id (the
 * digits); the API is asked with the digits, and answered for the number as the parcel holds it.
 */
export const PACKETA_ZONE = 'Europe/Prague';

/** Most numbers one `track` call takes (one request each, `concurrency` at a time). */
export const PACKETA_TRACKING_BATCH = 50;

/**
 * Packeta's numeric status codes and their codeTexts (PrestaShop module, PacketStatus and PacketStatusFactory:
 * 8 and 13 are not used; 999 is "unknown").
 */
export const PACKETA_CODE_TEXTS: Readonly<Record<string, string>> = {
  '1': 'received data',
  '2': 'arrived',
  '3': 'prepared for departure',
  '4': 'departed',
  '5': 'ready for pickup',
  '6': 'handed to carrier',
  '7': 'delivered',
  '9': 'posted back',
  '10': 'returned',
  '11': 'cancelled',
  '12': 'collected',
  '14': 'customs',
  '15': 'reverse packet arrived',
  '16': 'delivery attempt',
  '17': 'rejected by recipient',
  '999': 'unknown',
};

/** The `packetTracking` request for a parcel's number (barcode or packet id). */
export function packetTrackingXml(apiPassword: string, number: string): string {
  return `<packetTracking>${element('apiPassword', apiPassword)}${element('packetId', packetIdOf(number))}</packetTracking>`;
}

/** A record's time: with its own offset as written, else Czech wall-clock time; null when it is none. */
export const packetaDate = (value: string | null): Date | null =>
  value ? isoLocalTime(value, PACKETA_ZONE) : null;

/** A `packetTracking` reply: the packet's events oldest first, null when Packeta has none, or why no answer. */
export function readPacketaTracking(reply: HttpReply): TrackingEvent[] | null | { unavailable: string } {
  if (reply.status !== 200) {
    const r = trackingUnavailableStatus(reply.status);
    return { unavailable: r.kind === 'unavailable' ? r.reason : 'BAD_REPLY' };
  }
  const status = textOf(reply.body, 'status');
  if (status === 'fault') {
    const fault = textOf(reply.body, 'fault');
    if (fault === 'PacketIdFault') return null;
    return { unavailable: fault === 'IncorrectApiPasswordFault' ? 'AUTH_FAILED' : 'BAD_REPLY' };
  }
  const result = xmlBlocks(reply.body, 'result')[0];
  if (status !== 'ok' || result === undefined) return { unavailable: 'BAD_REPLY' };
  const events: TrackingEvent[] = [];
  for (const record of xmlBlocks(result, 'record')) {
    const code = textOf(record, 'codeText') || PACKETA_CODE_TEXTS[textOf(record, 'statusCode') ?? ''];
    const at = packetaDate(textOf(record, 'dateTime'));
    if (!code || !at) return { unavailable: 'BAD_REPLY' };
    events.push({ code, description: textOf(record, 'statusText') || code, at });
  }
  return events.length === 0 ? null : events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Packeta tracks one packet a request: up to `concurrency` requests at a time, signed with the API password. */
export class PacketaTrackingAdapter implements TrackingAdapter {
  readonly batchSize = PACKETA_TRACKING_BATCH;

  constructor(
    private readonly timeoutMs: number,
    private readonly concurrency = 10,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async track(
    base: string,
    config: Readonly<Record<string, unknown>>,
    numbers: readonly string[],
  ): Promise<TrackingResult> {
    const apiPassword = text(config, 'apiPassword');
    if (!apiPassword) return trackingUnavailable('MISSING_CREDENTIALS');
    return trackEach(numbers, this.concurrency, async (number) => {
      try {
        const reply = await send(
          this.fetchImpl,
          `${base}/api/rest`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml' },
            body: packetTrackingXml(apiPassword, number),
          },
          this.timeoutMs,
        );
        return readPacketaTracking(reply);
      } catch (err) {
        return { unavailable: err instanceof NoReply ? err.reason : 'CONNECTION_FAILED' };
      }
    });
  }
}
