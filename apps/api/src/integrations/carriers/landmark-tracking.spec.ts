import type { Fetch } from './carrier-http';
import {
  LandmarkTrackingAdapter,
  landmarkDate,
  readLandmarkTracking,
  trackRequestXml,
} from './landmark-tracking';

const ok = (body: string) => ({ status: 200, body: `<?xml version="1.0"?>\n${body}` });
const event = (status: string, time: string, code: string) =>
  `<Event><Status>${status}</Status><DateTime>${time}</DateTime><Location>Anytown, US</Location><EventCode>${code}</EventCode></Event>`;
const pkg = (tracking: string, ltn: string, ...events: string[]) =>
  `<Package><TrackingNumber>${tracking}</TrackingNumber><LandmarkTrackingNumber>${ltn}</LandmarkTrackingNumber>` +
  `<PackageReference></PackageReference><Events>${events.join('')}</Events></Package>`;
const response = (...packages: string[]) =>
  ok(
    '<TrackResponse><Test>true</Test><Result><Success>true</Success><ShipmentDetails><EndDeliveryCarrier>Sample ' +
      `Carrier</EndDeliveryCarrier></ShipmentDetails><Packages>${packages.join('')}</Packages></Result></TrackResponse>`,
  );
const errors = (code: string, message: string) =>
  ok(
    '<TrackResponse><Result><Success>false</Success><ResultMessage>See Errors element for error details' +
      `</ResultMessage></Result><Errors><Error><ErrorCode>${code}</ErrorCode><ErrorMessage>${message}</ErrorMessage>` +
      '</Error></Errors></TrackResponse>',
  );

describe('Landmark Track replies', () => {
  it('reads the asked package’s events oldest first, codes as text, times in Chicago time', () => {
    const read = readLandmarkTracking(
      response(
        pkg(
          'LTN123121',
          'LTN38570269N1',
          event('Item successfully delivered', '2019-01-03 13:21:45', '500'),
          event('Item grouped at Landmark or partner facility', '2019-01-01 08:00:00', '225'),
          event('Item in transit with carrier', '2019-01-02 09:30:00', '275'),
        ),
        pkg('3292421', 'LTN38570269N2', event('US in Transit', '2019-01-01 09:00:00', '200')),
      ),
      'LTN123121',
    );
    expect(read).toEqual([
      {
        code: '225',
        description: 'Item grouped at Landmark or partner facility',
        at: new Date('2019-01-01T14:00:00Z'),
      },
      { code: '275', description: 'Item in transit with carrier', at: new Date('2019-01-02T15:30:00Z') },
      { code: '500', description: 'Item successfully delivered', at: new Date('2019-01-03T19:21:45Z') },
    ]);
  });

  it('matches the Landmark tracking number too, and takes every package when none matches', () => {
    const two = response(
      pkg('1Z999AA10123456784', 'LTN1N1', event('Shipment Data Uploaded', '09/28/2025 08:12 AM', '50')),
      pkg('1Z999AA10123456785', 'LTN1N2', event('Customs Cleared', '09/29/2025 12:05 PM', '125')),
    );
    expect(readLandmarkTracking(two, 'ltn1n2')).toEqual([
      { code: '125', description: 'Customs Cleared', at: new Date('2025-09-29T17:05:00Z') },
    ]);
    expect((readLandmarkTracking(two, 'ORDER-1') as unknown[]).length).toBe(2);
  });

  it('an unknown number is absent, whichever of the documented words says so', () => {
    expect(readLandmarkTracking(errors('Invalid', 'No shipment found'), 'X')).toBeNull();
    expect(readLandmarkTracking(errors('N/A', 'Could not find shipment in our system'), 'X')).toBeNull();
    expect(readLandmarkTracking(errors('N/A', 'No data available for shipment'), 'X')).toBeNull();
    expect(readLandmarkTracking(response(pkg('X', 'LTNX')), 'X')).toBeNull();
  });

  it('login errors are AUTH_FAILED, the application throttle RATE_LIMITED, others BAD_REPLY', () => {
    expect(
      readLandmarkTracking(errors('Login', 'The username/password combination provided is invalid.'), 'X'),
    ).toEqual({ unavailable: 'AUTH_FAILED' });
    expect(
      readLandmarkTracking(errors('User', 'User demoapi does not have permissions to this API'), 'X'),
    ).toEqual({
      unavailable: 'AUTH_FAILED',
    });
    expect(
      readLandmarkTracking(errors('rate_limit', 'Rate limit is exceeded. Retry after 6 seconds'), 'X'),
    ).toEqual({
      unavailable: 'RATE_LIMITED',
    });
    expect(readLandmarkTracking(errors('N/A', 'Unable to parse characters'), 'X')).toEqual({
      unavailable: 'BAD_REPLY',
    });
  });

  it.each([
    ['not XML', { status: 200, body: 'Service temporarily unavailable' }],
    ['no Result', ok('<TrackResponse></TrackResponse>')],
    [
      'Success false without errors',
      ok('<TrackResponse><Result><Success>false</Success></Result></TrackResponse>'),
    ],
    [
      'an event without EventCode',
      response(pkg('X', 'L', '<Event><Status>s</Status><DateTime>2019-01-01 13:21:45</DateTime></Event>')),
    ],
    ['an unreadable DateTime', response(pkg('X', 'L', event('s', 'Jan 1st', '500')))],
  ])('%s is BAD_REPLY', (_name, reply) => {
    expect(readLandmarkTracking(reply, 'X')).toEqual({ unavailable: 'BAD_REPLY' });
  });

  it.each([
    [429, 'RATE_LIMITED'],
    [401, 'AUTH_FAILED'],
    [500, 'HTTP_500'],
  ])('%i is %s', (status, reason) => {
    expect(readLandmarkTracking({ status, body: 'You have exceed the rate limit.' }, 'X')).toEqual({
      unavailable: reason,
    });
  });

  it('reads both written forms of DateTime as Chicago time, across the DST change', () => {
    expect(landmarkDate('2019-01-01 13:21:45')).toEqual(new Date('2019-01-01T19:21:45Z'));
    expect(landmarkDate('2025-07-01 13:21:45')).toEqual(new Date('2025-07-01T18:21:45Z'));
    expect(landmarkDate('10/01/2025 03:02 PM')).toEqual(new Date('2025-10-01T20:02:00Z'));
    expect(landmarkDate('10/01/2025 12:35 AM')).toEqual(new Date('2025-10-01T05:35:00Z'));
    expect(landmarkDate('10/01/2025 12:35 PM')).toEqual(new Date('2025-10-01T17:35:00Z'));
    expect(landmarkDate('2025-11-02 03:00:00')).toEqual(new Date('2025-11-02T09:00:00Z'));
    expect(landmarkDate('13/01/2025 03:02 PM')).toBeNull();
    expect(landmarkDate('')).toBeNull();
  });

  it('builds the request for one number, escaped, with full history', () => {
    expect(trackRequestXml({ username: 'demo', password: 'a<b', clientId: '218', test: true }, 'LTN&1')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><TrackRequest><Login><Username>demo</Username>' +
        '<Password>a&lt;b</Password></Login><Test>true</Test><ClientID>218</ClientID>' +
        '<TrackingNumber>LTN&amp;1</TrackingNumber><RetrievalType>Historical</RetrievalType></TrackRequest>',
    );
    expect(trackRequestXml({ username: 'd', password: 'p', clientId: '', test: false }, '1')).not.toContain(
      'ClientID',
    );
  });
});

describe('LandmarkTrackingAdapter', () => {
  const config = { login: 'demo', password: 'pw', clientId: '218', environment: 'production' };

  it('needs a username and password', async () => {
    const fetchStub = jest.fn() as unknown as Fetch;
    expect(
      await new LandmarkTrackingAdapter(1000, 4, fetchStub).track('http://l', { clientId: '1' }, ['1']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'MISSING_CREDENTIALS',
    });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('posts one TrackRequest per number to {base}/Track.php; unknown numbers are absent', async () => {
    const bodies: string[] = [];
    const fetchStub = (async (url: string, init?: RequestInit) => {
      bodies.push(`${url} ${String(init?.body)}`);
      const number = /<TrackingNumber>([^<]*)</.exec(String(init?.body))?.[1] ?? '';
      const r =
        number === 'A'
          ? response(pkg('A', 'LTNA', event('Item out for delivery', '2019-01-01 13:21:45', '300')))
          : errors('Invalid', 'No shipment found');
      return new Response(r.body, { status: r.status });
    }) as Fetch;
    const result = await new LandmarkTrackingAdapter(1000, 2, fetchStub).track('http://l', config, [
      'A',
      'B',
    ]);
    expect(result).toEqual({
      kind: 'tracked',
      events: new Map([
        ['A', [{ code: '300', description: 'Item out for delivery', at: new Date('2019-01-01T19:21:45Z') }]],
      ]),
    });
    expect(bodies.sort()).toEqual([
      expect.stringMatching(/^http:\/\/l\/Track\.php <\?xml.*<Test>false<\/Test>.*<TrackingNumber>A</),
      expect.stringMatching(/^http:\/\/l\/Track\.php .*<TrackingNumber>B</),
    ]);
  });

  it('a sandbox operator asks in test mode', async () => {
    let body = '';
    const fetchStub = (async (_url: string, init?: RequestInit) => {
      body = String(init?.body);
      return new Response(errors('Invalid', 'No shipment found').body);
    }) as Fetch;
    await new LandmarkTrackingAdapter(1000, 1, fetchStub).track(
      'http://l',
      { ...config, environment: 'sandbox' },
      ['A'],
    );
    expect(body).toContain('<Test>true</Test>');
  });

  it('one number without an answer makes the call unavailable; no reply is never a throw', async () => {
    const fetchStub = (async (_url: string, init?: RequestInit) => {
      if (String(init?.body).includes('<TrackingNumber>B<')) throw new TypeError('fetch failed');
      return new Response(errors('Invalid', 'No shipment found').body);
    }) as Fetch;
    expect(
      await new LandmarkTrackingAdapter(1000, 1, fetchStub).track('http://l', config, ['A', 'B', 'C']),
    ).toEqual({
      kind: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
