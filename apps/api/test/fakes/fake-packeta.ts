import { startFakeCarrier, type FakeCarrier, type FakeReply } from './fake-carrier-server';

/**
 * A local stand-in for Packeta's REST/XML API: `POST /api/rest` with `<cancelPacket><apiPassword/><packetId/>
 * </cancelPacket>` answers `<response><status>ok</status><result/></response>`; faults come as
 * `<response><status>fault</status><fault>…</fault><string>…</string></response>`. `refuse` answers
 * CancelNotAllowedFault; a wrong password (or `badCredentials`) IncorrectApiPasswordFault.
 */
export interface FakePacketa extends FakeCarrier {
  apiPassword: string;
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

export async function startFakePacketa(apiPassword = 'packeta-test-password'): Promise<FakePacketa> {
  const fake = await startFakeCarrier(
    (req, f) => {
      if (req.method !== 'POST' || req.path !== '/api/rest' || !req.body.includes('<cancelPacket>'))
        return fault('UnknownMethodFault', 'Unknown method');
      if (f.mode === 'badCredentials' || field(req.body, 'apiPassword') !== (f as FakePacketa).apiPassword)
        return fault('IncorrectApiPasswordFault', 'Incorrect API password.');
      if (!/^\d+$/.test(field(req.body, 'packetId') ?? ''))
        return fault('PacketIdFault', 'Packet id is not valid.');
      if (f.mode === 'refuse') return fault('CancelNotAllowedFault', 'Packet cannot be cancelled.');
      return xml('<response><status>ok</status><result></result></response>');
    },
    () => ({ status: 500, type: 'text/html', body: '<html><body>Internal Server Error</body></html>' }),
  );
  return Object.assign(fake, { apiPassword });
}
