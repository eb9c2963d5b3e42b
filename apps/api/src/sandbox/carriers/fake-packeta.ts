import {
  startFakeCarrier,
  type FakeCarrier,
  type FakeRegistrations,
  type FakeReply,
  type FakeRequest,
} from './fake-carrier-server';
import { packetaPackets } from './fake-packeta-packets';

/**
 * A local stand-in for Packeta's REST/XML API, `POST /api/rest`:
 * - `<cancelPacket><apiPassword/><packetId/></cancelPacket>` answers `<response><status>ok</status><result/>
 *   </response>`;
 * - `<packetTracking><apiPassword/><packetId/></packetTracking>` answers `<response><status>ok</status><result>
 *   <record><dateTime/><statusCode/><codeText/><statusText/><branchId/><destinationBranchId/><externalTrackingCode/>
 *   </record>…</result></response>`, the records oldest first, `dateTime` Czech wall-clock time without an offset
 *   ("2024-01-10T15:34:06"); a packet id it has no records for is PacketIdFault;
 * - faults come as `<response><status>fault</status><fault>…</fault><string>…</string></response>`. `refuse` answers
 *   cancellations with CancelNotAllowedFault; a wrong password (or `badCredentials`) is IncorrectApiPasswordFault; a
 *   packet id that is not a number PacketIdFault.
 * - Packets (registration): `createPacket`, `packetLabelPdf`, `packetLabelZpl` (fake-packeta-packets.ts), recorded
 *   in `created` and told to `onCreated`. `packetLabelZpl` answers the ZPL itself, XML-escaped, in `<result>` (as
 *   Packeta does: its documentation says to unescape it), not base64 as `packetLabelPdf`'s PDF.
 */
export interface FakePacketaRecord {
  /** Packeta's numeric status (1 received data … 7 delivered, 9 posted back, 10 returned, 11 cancelled). */
  statusCode: number;
  codeText: string;
  /** Packeta's words for the event. */
  statusText: string;
  at: Date;
}

export interface FakePacketa extends FakeCarrier, FakeRegistrations {
  apiPassword: string;
  /** A packet's status records (any order; answered oldest first), by its packet id or barcode ("Z…"). */
  setEvents(packet: string, records: FakePacketaRecord[]): void;
  /** Tracking requests received (also in `requests`). */
  trackingRequests(): FakeRequest[];
}

const xml = (body: string): FakeReply => ({
  status: 200,
  type: 'text/xml; charset=utf-8',
  body: `<?xml version="1.0" encoding="utf-8"?>\n${body}`,
});
const fault = (name: string, message: string) =>
  xml(`<response><status>fault</status><fault>${name}</fault><string>${message}</string></response>`);
const field = (body: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1]?.replace(/&amp;/g, '&') ?? null;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const pragueWall = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2024-01-10T15:34:06`: Czech wall-clock time without an offset, as Packeta writes it. */
export const packetaTime = (d: Date): string => pragueWall.format(d).replace(' ', 'T');

const record = (r: FakePacketaRecord) =>
  `<record><dateTime>${packetaTime(r.at)}</dateTime><statusCode>${r.statusCode}</statusCode>` +
  `<codeText>${escape(r.codeText)}</codeText><statusText>${escape(r.statusText)}</statusText>` +
  '<branchId>0</branchId><destinationBranchId>0</destinationBranchId><externalTrackingCode/></record>';

const idOf = (packet: string) => (/^Z\d+$/i.test(packet) ? packet.slice(1) : packet);

export async function startFakePacketa(apiPassword = 'packeta-test-password'): Promise<FakePacketa> {
  const histories = new Map<string, FakePacketaRecord[]>();
  const packets = packetaPackets(xml, fault, field);
  const fake = await startFakeCarrier(
    (req, f) => {
      const method = [
        'cancelPacket',
        'packetTracking',
        'createPacket',
        'packetLabelPdf',
        'packetLabelZpl',
      ].find((m) => req.body.includes(`<${m}>`));
      if (req.method !== 'POST' || req.path !== '/api/rest' || !method)
        return fault('UnknownMethodFault', 'Unknown method');
      if (f.mode === 'badCredentials' || field(req.body, 'apiPassword') !== (f as FakePacketa).apiPassword)
        return fault('IncorrectApiPasswordFault', 'Incorrect API password.');
      if (method === 'createPacket') return packets.create(req.body);
      if (method === 'packetLabelPdf') return packets.label(req.body, false);
      if (method === 'packetLabelZpl') return packets.label(req.body, true);
      const packetId = field(req.body, 'packetId') ?? '';
      if (!/^\d+$/.test(packetId)) return fault('PacketIdFault', 'Packet id is not valid.');
      if (method === 'packetTracking') {
        const history = histories.get(packetId);
        if (!history) return fault('PacketIdFault', 'Packet id is not valid.');
        const oldestFirst = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
        return xml(
          `<response><status>ok</status><result>${oldestFirst.map(record).join('')}</result></response>`,
        );
      }
      if (f.mode === 'refuse') return fault('CancelNotAllowedFault', 'Packet cannot be cancelled.');
      return xml('<response><status>ok</status><result></result></response>');
    },
    () => ({ status: 500, type: 'text/html', body: '<html><body>Internal Server Error</body></html>' }),
  );
  const result = Object.assign(fake, {
    apiPassword,
    created: packets.state.created,
    setEvents: (packet: string, records: FakePacketaRecord[]) => {
      histories.set(idOf(packet), records);
    },
    trackingRequests: () => fake.requests.filter((r) => r.body.includes('<packetTracking>')),
  });
  // An accessor (Object.assign would copy its value): the sandbox sets it after the start.
  Object.defineProperty(result, 'onCreated', {
    get: () => packets.state.onCreated,
    set: (v: FakeRegistrations['onCreated']) => (packets.state.onCreated = v),
    enumerable: true,
  });
  return result as FakePacketa;
}
