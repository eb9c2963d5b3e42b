import {
  canceled,
  refused,
  unavailable,
  unavailableStatus,
  type CarrierCancelResult,
} from './carrier-cancellation';
import { OneRequestAdapter, type HttpReply } from './carrier-http';
import { element, textOf } from './packeta-xml';

/** Packeta faults that say nothing about the packet: our credentials are wrong, so nobody answered. */
const NO_ANSWER_FAULTS = new Set(['IncorrectApiPasswordFault']);

/**
 * The API's `packetId` of a parcel's Packeta number: the barcode form ("Z" and the digits, "Z1234567890", as the
 * label prints it) is sent as its digits; any other form as it is.
 */
export const packetIdOf = (number: string): string => (/^Z\d+$/i.test(number) ? number.slice(1) : number);

/** The `cancelPacket` request; a barcode form of the id ("Z1234567890") is sent as its number. */
export function cancelPacketXml(apiPassword: string, shipmentId: string): string {
  return `<cancelPacket>${element('apiPassword', apiPassword)}${element('packetId', packetIdOf(shipmentId))}</cancelPacket>`;
}

/**
 * Packeta REST/XML: `<response><status>ok</status></response>` cancels; `<status>fault</status>` with
 * `<fault>` and `<string>` is a refusal (e.g. CancelNotAllowedFault, PacketIdFault) except a wrong API password.
 */
export function readPacketaCancel(reply: HttpReply): CarrierCancelResult {
  if (reply.status !== 200) return unavailableStatus(reply.status);
  const status = textOf(reply.body, 'status');
  if (status === 'ok') return canceled();
  if (status !== 'fault') return unavailable('BAD_REPLY');
  const fault = textOf(reply.body, 'fault') || 'fault';
  if (NO_ANSWER_FAULTS.has(fault)) return unavailable('AUTH_FAILED');
  const message = textOf(reply.body, 'string');
  return refused(message ? `${fault}: ${message}` : fault);
}

/** Packeta: `POST {base}/api/rest` with the XML `cancelPacket` call. */
export class PacketaAdapter extends OneRequestAdapter {
  protected readonly credentialField = 'apiPassword';

  protected request(base: string, apiPassword: string, shipmentId: string) {
    return {
      url: `${base}/api/rest`,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml' },
        body: cancelPacketXml(apiPassword, shipmentId),
      },
    };
  }

  protected read(reply: HttpReply): CarrierCancelResult {
    return readPacketaCancel(reply);
  }
}
