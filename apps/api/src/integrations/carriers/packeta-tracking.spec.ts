import type { Fetch } from './carrier-http';
import {
  PACKETA_CODE_TEXTS,
  packetaDate,
  packetTrackingXml,
  PacketaTrackingAdapter,
  readPacketaTracking,
} from './packeta-tracking';
import { CARRIER_STATUS_CODES } from './status-codes';

const ok = (body: string) => ({ status: 200, body });
const record = (dateTime: string, statusCode: number, codeText: string, statusText: string) =>
  `<record><dateTime>${dateTime}</dateTime><statusCode>${statusCode}</statusCode><codeText>${codeText}</codeText>` +
  `<statusText>${statusText}</statusText><branchId>0</branchId><destinationBranchId>3060</destinationBranchId>` +
  '<externalTrackingCode/></record>';
const tracking = (...records: string[]) =>
  ok(
    `<?xml version="1.0" encoding="utf-8"?>\n<response><status>ok</status><result>${records.join('\n')}</result></response>`,
  );
const fault = (name: string, message = '') =>
  ok(`<response><status>fault</status><fault>${name}</fault><string>${message}</string></response>`);

const received = record('2024-01-06T11:43:09', 1, 'received data', 'Zásilka byla přijata k přepravě.');
const arrived = record('2024-01-07T08:00:00', 2, 'arrived', 'Accepted at depot Praha 9.');
const ready = record('2024-03-31T10:43:00', 5, 'ready for pickup', 'Ready for pick-up &amp; waiting.');
const delivered = record('2024-04-02T15:34:06', 7, 'delivered', 'Delivered.');

describe('Packeta packetTracking', () => {
  it('builds the request with the escaped password, a barcode sent as its packet id', () => {
    expect(packetTrackingXml('pa<ss&word', 'Z1234567890')).toBe(
      '<packetTracking><apiPassword>pa&lt;ss&amp;word</apiPassword><packetId>1234567890</packetId></packetTracking>',
    );
    expect(packetTrackingXml('p', '1234567890')).toContain('<packetId>1234567890</packetId>');
    expect(packetTrackingXml('p', 'z1234567890')).toContain('<packetId>1234567890</packetId>');
  });

  it('reads each record’s codeText and statusText at its Czech time, oldest first', () => {
    expect(readPacketaTracking(tracking(received, arrived, ready, delivered))).toEqual([
      {
        code: 'received data',
        description: 'Zásilka byla přijata k přepravě.',
        at: new Date('2024-01-06T10:43:09Z'),
      },
      { code: 'arrived', description: 'Accepted at depot Praha 9.', at: new Date('2024-01-07T07:00:00Z') },
      // Summer time from the last Sunday of March: CEST, two hours ahead.
      {
        code: 'ready for pickup',
        description: 'Ready for pick-up & waiting.',
        at: new Date('2024-03-31T08:43:00Z'),
      },
      { code: 'delivered', description: 'Delivered.', at: new Date('2024-04-02T13:34:06Z') },
    ]);
  });

  it('records out of order come out oldest first', () => {
    const read = readPacketaTracking(tracking(delivered, received, ready));
    expect(Array.isArray(read) && read.map((e) => e.code)).toEqual([
      'received data',
      'ready for pickup',
      'delivered',
    ]);
  });

  it('a record without a codeText takes its statusCode’s; without words, the code is the description', () => {
    expect(
      readPacketaTracking(
        tracking('<record><dateTime>2024-01-10T15:34:06</dateTime><statusCode>11</statusCode></record>'),
      ),
    ).toEqual([{ code: 'cancelled', description: 'cancelled', at: new Date('2024-01-10T14:34:06Z') }]);
  });

  it('every numeric status names a codeText of the status map', () => {
    const codes = new Set((CARRIER_STATUS_CODES.PACKETA ?? []).map((c) => c.code));
    for (const codeText of Object.values(PACKETA_CODE_TEXTS)) expect(codes).toContain(codeText);
    expect([PACKETA_CODE_TEXTS['7'], PACKETA_CODE_TEXTS['10'], PACKETA_CODE_TEXTS['11']]).toEqual([
      'delivered',
      'returned',
      'cancelled',
    ]);
  });

  it('reads times with an offset as written, without one as Czech time', () => {
    expect(packetaDate('2024-01-10T15:34:06')).toEqual(new Date('2024-01-10T14:34:06Z'));
    expect(packetaDate('2024-07-10 15:34:06')).toEqual(new Date('2024-07-10T13:34:06Z'));
    expect(packetaDate('2024-07-10T15:34:06+00:00')).toEqual(new Date('2024-07-10T15:34:06Z'));
    expect(packetaDate('10.07.2024 15:34')).toBeNull();
    expect(packetaDate(null)).toBeNull();
  });

  it('an unknown packet (PacketIdFault) is absent; so is a packet with no records yet', () => {
    expect(readPacketaTracking(fault('PacketIdFault', 'Packet id is not valid.'))).toBeNull();
    expect(readPacketaTracking(tracking())).toBeNull();
    expect(readPacketaTracking(ok('<response><status>ok</status><result/></response>'))).toBeNull();
  });

  it('a wrong API password is AUTH_FAILED; any other fault BAD_REPLY', () => {
    expect(readPacketaTracking(fault('IncorrectApiPasswordFault', 'Incorrect API password.'))).toEqual({
      unavailable: 'AUTH_FAILED',
    });
    expect(readPacketaTracking(fault('UnknownMethodFault'))).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [403, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [500, 'HTTP_500'],
    [502, 'HTTP_502'],
  ])('HTTP %i is %s', (status, reason) => {
    expect(readPacketaTracking({ status, body: '<html><body>Error</body></html>' })).toEqual({
      unavailable: reason,
    });
  });

  it.each([
    ['not XML', ok('{"status":"ok"}')],
    ['an empty body', ok('')],
    ['an ok without a result', ok('<response><status>ok</status></response>')],
    ['an unknown status', ok('<response><status>maybe</status><result/></response>')],
    [
      'a record without a code',
      tracking('<record><dateTime>2024-01-10T15:34:06</dateTime><statusCode>8</statusCode></record>'),
    ],
    ['a record without a readable time', tracking(record('yesterday', 7, 'delivered', 'Delivered.'))],
  ])('%s is BAD_REPLY', (_name, reply) => {
    expect(readPacketaTracking(reply)).toEqual({ unavailable: 'BAD_REPLY' });
  });
});

describe('PacketaTrackingAdapter', () => {
  function stub(replies: Record<string, string> = {}) {
    const bodies: string[] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      const body = String(init?.body);
      bodies.push(body);
      expect(url).toBe('http://p/api/rest');
      const id = /<packetId>(\d+)<\/packetId>/.exec(body)?.[1] ?? '';
      return new Response(replies[id] ?? fault('PacketIdFault').body, { status: 200 });
    }) as Fetch;
    return { bodies, fetchStub };
  }

  it('without an API password nothing is asked: MISSING_CREDENTIALS', async () => {
    const { bodies, fetchStub } = stub();
    expect(
      await new PacketaTrackingAdapter(1000, 10, fetchStub).track('http://p', { senderLabel: 'x' }, ['Z1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(bodies).toEqual([]);
  });

  it('asks packet by packet; events keyed by the number as asked; unknown packets absent', async () => {
    const { bodies, fetchStub } = stub({
      '1234567890': tracking(received, delivered).body,
      '2222222222': tracking(arrived).body,
    });
    const result = await new PacketaTrackingAdapter(1000, 2, fetchStub).track(
      'http://p',
      { apiPassword: 'secret' },
      ['Z1234567890', '2222222222', 'Z3333333333'],
    );
    expect(result.kind).toBe('tracked');
    const events = result.kind === 'tracked' ? result.events : new Map();
    expect([...events.keys()].sort()).toEqual(['2222222222', 'Z1234567890']);
    expect(events.get('Z1234567890')?.map((e: { code: string }) => e.code)).toEqual([
      'received data',
      'delivered',
    ]);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toContain('<apiPassword>secret</apiPassword>');
  });

  it('a wrong password, an HTTP error or no reply makes the whole call unavailable', async () => {
    const wrong = (async () =>
      new Response(fault('IncorrectApiPasswordFault').body, { status: 200 })) as Fetch;
    expect(
      await new PacketaTrackingAdapter(1000, 10, wrong).track('http://p', { apiPassword: 'x' }, ['Z1', 'Z2']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    const limited = (async () => new Response('Too Many Requests', { status: 429 })) as Fetch;
    expect(
      await new PacketaTrackingAdapter(1000, 10, limited).track('http://p', { apiPassword: 'x' }, ['Z1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'RATE_LIMITED',
    });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(
      await new PacketaTrackingAdapter(1000, 10, down).track('http://p', { apiPassword: 'x' }, ['Z1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
