import type { Fetch } from './carrier-http';
import {
  DPD_INFO_PATH,
  DpdTrackingAdapter,
  getEventsXml,
  markProcessedXml,
  readDpdConfirm,
  readDpdEvents,
} from './dpd-tracking';

const NS = 'http://events.dpdinfoservices.dpd.com.pl/';
const soap = (body: string, status = 200) => ({
  status,
  body: `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${body}</S:Body></S:Envelope>`,
});
const entry = (waybill: string, code: string, time: string, description: string, extra = '') =>
  `<eventsList><businessCode>${code}</businessCode><country>PL</country><depot>01399</depot>` +
  `<depotName>Warszawa</depotName><description>${description}</description>${extra}<eventTime>${time}</eventTime>` +
  `<id>1</id><objectId>2</objectId><operationType>INSERT</operationType><packageReference/>` +
  `<parcelReference/><waybill>${waybill}</waybill></eventsList>`;
const events = (confirmId: string, ...entries: string[]) =>
  soap(
    `<ns2:getEventsForCustomerV4Response xmlns:ns2="${NS}"><return><confirmId>${confirmId}</confirmId>` +
      `${entries.join('')}</return></ns2:getEventsForCustomerV4Response>`,
  );
const fault = (message: string, status = 500) =>
  soap(
    `<S:Fault xmlns:ns4="http://www.w3.org/2003/05/soap-envelope"><faultcode>S:Server</faultcode>` +
      `<faultstring>${message}</faultstring><detail><ns2:Exception xmlns:ns2="${NS}"><message>${message}</message>` +
      `</ns2:Exception></detail></S:Fault>`,
    status,
  );
const confirmed = soap(
  `<ns2:markEventsAsProcessedV1Response xmlns:ns2="${NS}"><return>true</return></ns2:markEventsAsProcessedV1Response>`,
);

describe('DPD InfoServices replies', () => {
  it('reads the events per waybill in Polish time, with their confirmId; event data is not the event', () => {
    const read = readDpdEvents(
      events(
        'c-1',
        entry('0000111122223A', '190101', '2014-11-25T13:49:00', 'Doręczono'),
        entry(
          '0000111122224B',
          '230403',
          '2014-11-26T11:39:39.120',
          'Zwrot przesyłki',
          '<eventDataList><code>NEW_WAYBILL</code><description>Nowy list</description><value>0000999988887B</value></eventDataList>',
        ),
        entry('0000111122223A', '040101', '2014-11-24T08:05:00', 'Przesyłka odebrana przez Kuriera'),
      ),
    );
    expect(read).toEqual({
      confirmId: 'c-1',
      count: 3,
      events: new Map([
        [
          '0000111122223A',
          [
            { code: '190101', description: 'Doręczono', at: new Date('2014-11-25T12:49:00Z') },
            {
              code: '040101',
              description: 'Przesyłka odebrana przez Kuriera',
              at: new Date('2014-11-24T07:05:00Z'),
            },
          ],
        ],
        [
          '0000111122224B',
          [{ code: '230403', description: 'Zwrot przesyłki', at: new Date('2014-11-26T10:39:39.120Z') }],
        ],
      ]),
    });
  });

  it('summer time is UTC+2, and a time with its own offset keeps it', () => {
    const read = readDpdEvents(
      events(
        'c',
        entry('W1', '170101', '2017-09-25T17:34:08.778', 'x'),
        entry('W2', '170101', '2017-09-25T17:34:08+00:00', 'y'),
      ),
    );
    expect(read).toMatchObject({
      events: new Map([
        ['W1', [{ code: '170101', description: 'x', at: new Date('2017-09-25T15:34:08.778Z') }]],
        ['W2', [{ code: '170101', description: 'y', at: new Date('2017-09-25T17:34:08Z') }]],
      ]),
    });
  });

  it('an empty queue is no events and nothing to confirm', () => {
    const empty = soap(
      `<ns2:getEventsForCustomerV4Response xmlns:ns2="${NS}"><return/></ns2:getEventsForCustomerV4Response>`,
    );
    expect(readDpdEvents(empty)).toEqual({ confirmId: null, count: 0, events: new Map() });
  });

  it('entries without a waybill and CANCEL entries are skipped but counted', () => {
    const cancel = entry('W1', '', '2014-11-25T13:49:00', 'Anulowanie zdarzenia').replace('INSERT', 'CANCEL');
    const read = readDpdEvents(events('c', cancel, entry('', '', '', '')));
    expect(read).toEqual({ confirmId: 'c', count: 2, events: new Map() });
  });

  it.each([
    ['not XML', { status: 200, body: 'Service Unavailable' }],
    ['another operation', confirmed],
    ['an event without a code', events('c', entry('W1', '', '2014-11-25T13:49:00', 'x'))],
    ['an event without a readable time', events('c', entry('W1', '190101', '25.11.2014 13:49', 'x'))],
    ['events without a confirmId', events('', entry('W1', '190101', '2014-11-25T13:49:00', 'x'))],
  ])('%s is BAD_REPLY', (_name, reply) => {
    expect(readDpdEvents(reply)).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it('a fault refusing our credentials is AUTH_FAILED; another fault is the HTTP status it came with', () => {
    expect(readDpdEvents(fault('Access denied'))).toEqual({ unavailable: 'AUTH_FAILED' });
    expect(readDpdEvents(fault('Niepoprawny login lub hasło'))).toEqual({ unavailable: 'AUTH_FAILED' });
    expect(readDpdEvents(fault('Internal error: java.lang.NullPointerException'))).toEqual({
      unavailable: 'HTTP_500',
    });
    expect(readDpdEvents(fault('Something odd', 200))).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it.each([
    [401, 'AUTH_FAILED'],
    [429, 'RATE_LIMITED'],
    [502, 'HTTP_502'],
  ])('%i without a fault is %s', (status, reason) => {
    expect(readDpdEvents({ status, body: '<html>proxy</html>' })).toEqual({ unavailable: reason });
  });

  it('reads the confirmation', () => {
    expect(readDpdConfirm(confirmed)).toBe(true);
    expect(readDpdConfirm(fault('Access denied'))).toEqual({ unavailable: 'AUTH_FAILED' });
    expect(readDpdConfirm({ status: 200, body: '<ok/>' })).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it('builds the envelopes with the master FID as channel, values escaped', () => {
    const auth = { login: 'a&b', password: '<p>', channel: '1495' };
    expect(getEventsXml(auth, 1000)).toContain(
      `<even:getEventsForCustomerV4><limit>1000</limit><language>PL</language><authDataV1><channel>1495</channel>` +
        '<login>a&amp;b</login><password>&lt;p&gt;</password></authDataV1></even:getEventsForCustomerV4>',
    );
    expect(markProcessedXml(auth, 'c-1')).toContain(
      '<even:markEventsAsProcessedV1><confirmId>c-1</confirmId><authDataV1>',
    );
    expect(getEventsXml(auth)).toContain(`xmlns:even="${NS}"`);
  });
});

describe('DpdTrackingAdapter', () => {
  const config = { login: 'l', password: 'p', masterFid: 1495, fid: 1496 };

  function stub(pulls: { status: number; body: string }[], confirm = confirmed) {
    const calls: string[] = [];
    const urls = new Set<string>();
    const fetchStub = (async (url: string, init?: RequestInit) => {
      const body = String(init?.body);
      calls.push(body.includes('markEventsAsProcessedV1') ? 'confirm' : 'pull');
      urls.add(url);
      const r = body.includes('markEventsAsProcessedV1') ? confirm : (pulls.shift() ?? events(''));
      return new Response(r.body, { status: r.status });
    }) as Fetch;
    return { calls, urls, fetchStub };
  }

  it('needs login, password and master FID', async () => {
    const { calls, fetchStub } = stub([]);
    expect(
      await new DpdTrackingAdapter(1000, fetchStub).track('http://d', { login: 'l', password: 'p' }, []),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(calls).toEqual([]);
  });

  it('pulls and confirms, again while pulls come full, and answers every waybill read, oldest first', async () => {
    const { calls, urls, fetchStub } = stub([
      events(
        'c1',
        entry('W1', '190101', '2014-11-25T13:49:00', 'b'),
        entry('W1', '040101', '2014-11-24T08:00:00', 'a'),
      ),
      events('c2', entry('W2', '040101', '2014-11-24T09:00:00', 'c')),
    ]);
    const result = await new DpdTrackingAdapter(1000, fetchStub, 2).track('http://d', config, ['W9']);
    expect(calls).toEqual(['pull', 'confirm', 'pull', 'confirm']);
    expect([...urls]).toEqual([`http://d${DPD_INFO_PATH}`]);
    expect(
      result.kind === 'tracked' && [...result.events].map(([w, e]) => [w, e.map((x) => x.code)]),
    ).toEqual([
      ['W1', ['040101', '190101']],
      ['W2', ['040101']],
    ]);
  });

  it('an empty queue is answered with no events and nothing confirmed', async () => {
    const { calls, fetchStub } = stub([
      soap(
        `<ns2:getEventsForCustomerV4Response xmlns:ns2="${NS}"><return/></ns2:getEventsForCustomerV4Response>`,
      ),
    ]);
    expect(await new DpdTrackingAdapter(1000, fetchStub).track('http://d', config, ['W1'])).toEqual({
      kind: 'tracked',
      events: new Map(),
    });
    expect(calls).toEqual(['pull']);
  });

  it('a first pull with no answer is no answer; a later one keeps what was confirmed', async () => {
    expect(
      await new DpdTrackingAdapter(1000, stub([fault('Access denied')]).fetchStub).track(
        'http://d',
        config,
        [],
      ),
    ).toEqual({
      kind: 'unavailable',
      reason: 'AUTH_FAILED',
    });
    const later = stub([events('c1', entry('W1', '190101', '2014-11-25T13:49:00', 'b')), fault('boom')]);
    const result = await new DpdTrackingAdapter(1000, later.fetchStub, 1).track('http://d', config, []);
    expect(later.calls).toEqual(['pull', 'confirm', 'pull']);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['W1']);
  });

  it('a failed confirmation still answers what was read, and pulls no more', async () => {
    const { calls, fetchStub } = stub(
      [events('c1', entry('W1', '190101', '2014-11-25T13:49:00', 'b'))],
      fault('boom'),
    );
    const result = await new DpdTrackingAdapter(1000, fetchStub, 1).track('http://d', config, []);
    expect(calls).toEqual(['pull', 'confirm']);
    expect(result.kind === 'tracked' && [...result.events.keys()]).toEqual(['W1']);
  });

  it('events of a waybill not asked are held and answered when it is asked, once', async () => {
    let now = 0;
    const { fetchStub } = stub([
      events(
        'c1',
        entry('W1', '040101', '2014-11-24T08:00:00', 'a'),
        entry('W2', '040101', '2014-11-24T09:00:00', 'b'),
      ),
      events('c2', entry('W2', '190101', '2014-11-25T10:00:00', 'c')),
    ]);
    const dpd = new DpdTrackingAdapter(1000, fetchStub, 1000, () => now);
    const codes = (r: Awaited<ReturnType<DpdTrackingAdapter['track']>>) =>
      r.kind === 'tracked' ? Object.fromEntries([...r.events].map(([w, e]) => [w, e.map((x) => x.code)])) : r;
    // A selection of W1 only: W2's event comes too (the queue gives what it has) and is held.
    expect(codes(await dpd.track('http://d', config, ['W1']))).toEqual({ W1: ['040101'], W2: ['040101'] });
    now += 1000;
    expect(codes(await dpd.track('http://d', config, ['W2']))).toEqual({ W2: ['040101', '190101'] });
    expect(codes(await dpd.track('http://d', config, ['W2']))).toEqual({});
  });

  it('held events are forgotten after 14 days', async () => {
    let now = 0;
    const { fetchStub } = stub([events('c1', entry('W2', '040101', '2014-11-24T09:00:00', 'b'))]);
    const dpd = new DpdTrackingAdapter(1000, fetchStub, 1000, () => now);
    await dpd.track('http://d', config, ['W1']);
    now += 14 * 24 * 3600_000 + 1;
    expect(await dpd.track('http://d', config, ['W2'])).toEqual({ kind: 'tracked', events: new Map() });
  });

  it('calls for one customer pull one after another, never at once', async () => {
    let inFlight = 0;
    let most = 0;
    const fetchStub = (async (_url: string, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const isConfirm = String(init?.body).includes('markEventsAsProcessedV1');
      return new Response(
        isConfirm ? confirmed.body : events('c', entry('W1', '040101', '2014-11-24T08:00:00', 'a')).body,
      );
    }) as Fetch;
    const dpd = new DpdTrackingAdapter(1000, fetchStub);
    const results = await Promise.all([1, 2, 3].map(() => dpd.track('http://d', config, ['W1'])));
    expect(results.map((r) => r.kind)).toEqual(['tracked', 'tracked', 'tracked']);
    expect(most).toBe(1);
  });

  it('no reply is CONNECTION_FAILED, never a throw', async () => {
    const refused = (async () => {
      throw new TypeError('fetch failed');
    }) as Fetch;
    expect(await new DpdTrackingAdapter(1000, refused).track('http://d', config, [])).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
