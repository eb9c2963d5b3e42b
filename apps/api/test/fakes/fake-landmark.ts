import { startFakeCarrier, type FakeCarrier, type FakeReply } from './fake-carrier-server';

/**
 * A local stand-in for Landmark Global's Track API (shapes from Landmark's "Track API Request" and "API Errors"
 * documentation and karrio's landmark connector, as named in src/integrations/carriers/landmark-tracking.ts):
 * `POST /Track.php` with a `<TrackRequest>` (the raw body, or the form parameter `RQXML`).
 * - A known number (its TrackingNumber or LandmarkTrackingNumber) answers `<TrackResponse><Test/><Result><Success>
 *   true</Success><ShipmentDetails/><Packages><Package>…<Events><Event><Status/><DateTime/><Location/><EventCode/>
 *   </Event>…`, events newest first, DateTime `YYYY-MM-DD HH:MM:SS` Chicago time, EventCode only when RetrievalType
 *   is Historical (else the last event alone).
 * - An unknown number answers `Success false` with `<Errors><Error><ErrorCode>Invalid</ErrorCode><ErrorMessage>No
 *   shipment found</ErrorMessage>`; a wrong username/password (or `badCredentials`) `Login` "The username/password
 *   combination provided is invalid."; a ClientID of another client "User … does not have permissions to client: …";
 *   all with HTTP 200, as Landmark does.
 * - `rateLimited` is the server-level throttle: 429 "You have exceed the rate limit. Please try again later.";
 *   `error500` an HTML 500.
 */
export interface FakeLandmarkEvent {
  code: string;
  status: string;
  at: Date;
  location?: string;
}

export interface FakeLandmark extends FakeCarrier {
  username: string;
  password: string;
  clientId: string;
  /** A number's events, any order (`landmarkNumber` is its LTN…, the number itself when not given). */
  setEvents(number: string, events: FakeLandmarkEvent[], landmarkNumber?: string): void;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const field = (body: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`)
    .exec(body)?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&') ?? null;

const xml = (body: string): FakeReply => ({
  status: 200,
  type: 'text/xml; charset=UTF-8',
  body: `<?xml version="1.0"?>\n${body}`,
});
const errors = (code: string, message: string) =>
  xml(
    '<TrackResponse><Result><Success>false</Success><ResultMessage>See Errors element for error details' +
      `</ResultMessage></Result><Errors><Error><ErrorCode>${esc(code)}</ErrorCode><ErrorMessage>${esc(message)}` +
      '</ErrorMessage></Error></Errors></TrackResponse>',
  );

const chicago = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** `2019-01-01 13:21:45`: Chicago wall-clock time, as the Track API documentation gives it. */
export const landmarkTime = (d: Date): string => chicago.format(d);

export async function startFakeLandmark(
  username = 'landmark-user',
  password = 'landmark-password',
  clientId = '218',
): Promise<FakeLandmark> {
  const shipments = new Map<
    string,
    { trackingNumber: string; landmarkNumber: string; events: FakeLandmarkEvent[] }
  >();
  const fake = await startFakeCarrier(
    (req, f) => {
      const lm = f as FakeLandmark;
      if (req.method !== 'POST' || req.path !== '/Track.php')
        return { status: 404, type: 'text/html', body: '<html><body><h1>404 Not Found</h1></body></html>' };
      const body = req.body.trimStart().startsWith('<')
        ? req.body
        : (new URLSearchParams(req.body).get('RQXML') ?? '');
      if (!body.includes('<TrackRequest')) return errors('Login', 'Required element Login not found');
      if (
        f.mode === 'badCredentials' ||
        field(body, 'Username') !== lm.username ||
        field(body, 'Password') !== lm.password
      )
        return errors('Login', 'The username/password combination provided is invalid.');
      const client = field(body, 'ClientID');
      if (client && client !== lm.clientId)
        return errors('Login', `User ${lm.username} does not have permissions to client: ${client}`);
      const number = field(body, 'TrackingNumber')?.trim() ?? '';
      if (!number)
        return errors(
          'Reference',
          'Either Reference, Package Reference or TrackingNumber is required, none were found.',
        );
      const shipment = [...shipments.values()].find(
        (s) => s.trackingNumber === number || s.landmarkNumber === number,
      );
      if (!shipment || shipment.events.length === 0) return errors('Invalid', 'No shipment found');
      const historical = field(body, 'RetrievalType') === 'Historical';
      const newestFirst = [...shipment.events].sort((a, b) => b.at.getTime() - a.at.getTime());
      const events = (historical ? newestFirst : newestFirst.slice(0, 1)).map(
        (e) =>
          `<Event><Status>${esc(e.status)}</Status><DateTime>${landmarkTime(e.at)}</DateTime>` +
          `<Location>${esc(e.location ?? 'Columbus, OH')}</Location>` +
          (historical ? `<EventCode>${esc(e.code)}</EventCode>` : '') +
          '</Event>',
      );
      return xml(
        `<TrackResponse><Test>${field(body, 'Test') === 'true'}</Test><Result><Success>true</Success>` +
          '<ShipmentDetails><EndDeliveryCarrier>Sample Carrier</EndDeliveryCarrier></ShipmentDetails><Packages>' +
          `<Package><TrackingNumber>${esc(shipment.trackingNumber)}</TrackingNumber>` +
          `<LandmarkTrackingNumber>${esc(shipment.landmarkNumber)}</LandmarkTrackingNumber>` +
          `<PackageReference></PackageReference><Events>${events.join('')}</Events></Package>` +
          '</Packages></Result></TrackResponse>',
      );
    },
    () => ({
      status: 500,
      type: 'text/html',
      body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
    }),
    () => ({
      status: 429,
      type: 'text/html',
      body: 'You have exceed the rate limit. Please try again later.',
      headers: { 'Retry-After': '60' },
    }),
  );
  return Object.assign(fake, {
    username,
    password,
    clientId,
    setEvents(number: string, events: FakeLandmarkEvent[], landmarkNumber = number) {
      shipments.set(number, { trackingNumber: number, landmarkNumber, events });
    },
  });
}
