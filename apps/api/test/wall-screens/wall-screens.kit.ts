import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type {
  CreatedWallScreenLink,
  Role,
  ScanRecord,
  ScanResult,
  WallSinceAck,
  WallSinceRequest,
} from '@depot/contracts';
import { operators, parcels, sectorOperators, sectors } from '../../src/db/schema';
import { connected, type DepotSocket, type TestDepot } from '../harness';
import { ROLES } from '../role-kit';

/** Shared by the wall-screen suites: a token per role, the link calls, scans through the real scan route, sockets. */

export const BASE = '/api/operatingModule/wallScreens';
/** Who may not issue or revoke links: everyone but the admins. */
export const NOT_WRITERS: Role[] = ['salesman', 'operator', 'magazyn', 'user'];
/** Who may not list them: the salesman and client users. */
export const NOT_READERS: Role[] = ['salesman', 'user'];

let seq = 0;
/** A terminal no other test uses. */
export const uniqueTerminal = (prefix = 'Terminal') =>
  `${prefix} ${process.pid.toString(36)}${Date.now().toString(36)}${(seq++).toString(36)}`;

const address = (city: string, country: string) => ({
  name: 'Zażółć Gęślą',
  street: 'Świętokrzyska',
  building: '12',
  city,
  zipCode: '00-001',
  country,
  phone: '+48 600 100 200',
  email: null,
});

export interface WallKit {
  tokens: Record<Role, string>;
  bearer: (role: Role) => { Authorization: string };
  create: (role: Role, body: unknown) => Promise<Response>;
  list: (role: Role) => Promise<Response>;
  revoke: (role: Role, id: string) => Promise<Response>;
  /** Issues a link as admin (fails the test on any other answer). */
  link: (terminal?: string, name?: string) => Promise<CreatedWallScreenLink>;
  /** Scans numbers at a terminal through POST setStatusForArrayOfExtNrs, as a warehouse user. */
  scan: (terminal: string, ...numbers: string[]) => Promise<ScanResult[]>;
  /** A parcel of a new client, with a carrier mapped to a sector of its destination country. */
  parcelInSector: () => Promise<{ clientId: string; internalNumber: string; sectorLabel: string }>;
  /** A connected socket with these handshake credentials. */
  open: (auth: Record<string, unknown>) => Promise<DepotSocket>;
}

export const since = (socket: DepotSocket, req: WallSinceRequest): Promise<WallSinceAck> =>
  socket.timeout(5000).emitWithAck('wall:since', req);

/** The scans of a `wall:since` answer (fails the test on a refusal). */
export function scansOf(ack: WallSinceAck): ScanRecord[] {
  if (!ack.ok) throw new Error(`wall:since refused: ${ack.error}`);
  return ack.scans;
}

export async function wallKit(t: TestDepot): Promise<WallKit> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) tokens[role] = (await t.userWithToken(role)).token;
  const bearer = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}` });
  const db = t.depot.runtime.db;
  const kit: WallKit = {
    tokens,
    bearer,
    create: (role, body) =>
      t
        .http()
        .post(`${BASE}/create`)
        .set(bearer(role))
        .send(body as object)
        .then((r) => r),
    list: (role) =>
      t
        .http()
        .get(`${BASE}/list`)
        .set(bearer(role))
        .then((r) => r),
    revoke: (role, id) =>
      t
        .http()
        .post(`${BASE}/revoke/${id}`)
        .set(bearer(role))
        .then((r) => r),
    async link(terminal = uniqueTerminal(), name = 'Hall A') {
      const res = await kit.create('admin', { terminal, name });
      if (res.status !== 201) throw new Error(`link not created: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as CreatedWallScreenLink;
    },
    async scan(terminal, ...numbers) {
      const res = await t
        .http()
        .post('/api/operatingModule/setStatusForArrayOfExtNrs')
        .set(bearer('magazyn'))
        .send({ externalNumber: numbers, terminal, scanIds: numbers.map(() => randomUUID()) });
      if (res.status !== 200) throw new Error(`scan failed: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { results: ScanResult[] }).results;
    },
    async parcelInSector() {
      const clientId = await t.createClient();
      const [carrier] = await db
        .insert(operators)
        .values({ name: `Carrier ${randomUUID().slice(0, 8)}`, type: 'DPD' })
        .returning({ id: operators.id });
      const description = `Ramp ${randomUUID().slice(0, 8)}`;
      const [sector] = await db
        .insert(sectors)
        .values({ sectorCountry: 'DE', sectorDescription: description })
        .returning({ id: sectors.id });
      await db
        .insert(sectorOperators)
        .values({ sectorId: sector.id, sectorCountry: 'DE', operatorId: carrier.id });
      const internalNumber = `WALL${process.pid}${(seq++).toString().padStart(6, '0')}`;
      await db.insert(parcels).values({
        clientId,
        orderType: 'internal',
        source: 'form',
        internalNumber,
        status: 'pickup',
        operatorId: carrier.id,
        weightKg: '2.500',
        packageCount: 1,
        pickupAddress: address('Zielona Góra', 'PL'),
        destinationAddress: address('Berlin', 'DE'),
        pickupCountry: 'PL',
        destinationCountry: 'DE',
      });
      return { clientId, internalNumber, sectorLabel: `DE ${description}` };
    },
    async open(auth) {
      const s = t.socket(auth);
      await connected(s);
      return s;
    },
  };
  return kit;
}
