import type { Response } from 'supertest';
import * as ExcelJS from 'exceljs';
import type {
  OperatorType,
  ParcelStatus,
  Role,
  StatusMapRow,
  StatusMapSaveReply,
  StatusMapSaved,
  SubscribeAck,
} from '@depot/contracts';
import { operators } from '../../src/db/schema';
import { connected, type DepotSocket } from '../harness';
import { dbProbe, type DbProbe } from '../role-kit';
import { startParcelsKit, tag, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * Shared set-up of the status map suites (decision 0144): the parcels kit (a token per role, clients, a routed DPD
 * carrier), short-hands for the /mapStatus calls, carriers of any type, parcels standing on a carrier's code, and
 * xlsx code lists built in the test.
 */

export const BASE = '/api/mapStatus';
/** Who may not change the map (statuses.write): the salesman, the warehouse and client users. */
export const NOT_WRITERS: Role[] = ['salesman', 'magazyn', 'user'];
/** Who may not read it (statuses.read): the salesman and client users. */
export const NOT_READERS: Role[] = ['salesman', 'user'];
/** Tables a refused call must leave as they were: the map, and the parcels a mapping change would move. */
export const WATCHED = ['status_map', 'parcels', 'parcel_status_history'];

/** A carrier code no other test uses (codes are kept as given: mixed case on purpose). */
export const uniqueCode = (prefix = 'Code') => `${prefix}-${tag()}`;

/** One row of saveMapInDB. */
export const entry = (
  code: string,
  dbName: ParcelStatus | null,
  over: { description?: string; isTerminal?: boolean } = {},
) => ({ code, description: `${code} words`, dbName, isTerminal: false, ...over });

/** Who calls: a role of the kit, a client's API key, or nobody (no credentials). */
export type Caller = Role | { apiKey: string } | null;

export interface UploadFile {
  buffer: Buffer | Uint8Array;
  name: string;
}

export interface StatusMapKit {
  k: ParcelsKit;
  probe: DbProbe;
  list(who: Caller, query?: Record<string, string>): Promise<Response>;
  operatorTypes(who: Caller): Promise<Response>;
  create(who: Caller, body: unknown): Promise<Response>;
  save(who: Caller, body: unknown): Promise<Response>;
  impact(who: Caller, body: unknown): Promise<Response>;
  update(who: Caller, body: unknown): Promise<Response>;
  remove(who: Caller, id: string): Promise<Response>;
  /** POST …/importOperatorStatusesXLS/{type} with the file as `file` (none: nothing attached). */
  importFile(who: Caller, type: string, file?: UploadFile, field?: string): Promise<Response>;
  /** The same with a multipart body written by hand: one part with this Content-Disposition and these bytes. */
  importRaw(who: Caller, type: string, disposition: string, bytes: Buffer | Uint8Array): Promise<Response>;
  /** Saves rows as the admin (fails the test on any other answer). */
  saved(operatorType: OperatorType, rows: ReturnType<typeof entry>[]): Promise<StatusMapSaveReply>;
  /** Creates one mapping as the admin and returns its row (fails the test on any other answer). */
  created(operatorType: OperatorType, code: string, dbName: ParcelStatus): Promise<StatusMapRow>;
  /** A carrier of `type`, inserted directly (the operators module has its own suites). */
  carrier(type: OperatorType): Promise<string>;
  /**
   * A parcel of `clientId` (default: the kit's own client) handed to `operatorId`, in `status`, standing on the
   * carrier's code `code`. The status refresh sets `carrier_status_code` from a carrier's tracking (decision 0145),
   * but tracking adapters exist for a few carrier types only and need their fake carrier servers (the status-refresh
   * suite covers that path): here the code, the carrier and the status are written directly in SQL, so a parcel of
   * any carrier type can stand on any code.
   */
  standing(
    operatorId: string,
    code: string | null,
    status?: ParcelStatus,
    clientId?: string,
  ): Promise<string>;
  /** A parcel's status, carrier code, deletion and delivery date as stored. */
  state(id: string): Promise<ParcelState>;
  /** A parcel's history rows written by the carrier (by a status map change here), oldest first. */
  carrierHistory(id: string): Promise<CarrierHistoryRow[]>;
  /** A staff socket subscribed to `room` (fails the test when refused). */
  listening(role: Role, room: string): Promise<DepotSocket>;
  close(): Promise<void>;
}

export interface ParcelState {
  status: ParcelStatus;
  carrier_status_code: string | null;
  deleted_at: Date | null;
  delivery_date: Date | null;
}

export interface CarrierHistoryRow {
  status: ParcelStatus;
  previous_status: ParcelStatus;
  source: string;
  changed_by_id: string | null;
  carrier_code: string | null;
  carrier_description: string | null;
}

export async function startStatusMapKit(): Promise<StatusMapKit> {
  const k = await startParcelsKit();
  const { t } = k;
  const auth = (who: Caller): Record<string, string> => (who === null ? {} : k.auth(who));
  const send = (method: 'post' | 'put', path: string) => (who: Caller, body: unknown) => {
    const agent = t.http();
    const url = `${BASE}/${path}`;
    return (method === 'post' ? agent.post(url) : agent.put(url))
      .set(auth(who))
      .send(body as object)
      .then((r) => r);
  };

  const kit: StatusMapKit = {
    k,
    probe: dbProbe(t, WATCHED),
    list: (who, query = {}) =>
      t
        .http()
        .get(`${BASE}/list`)
        .query(query)
        .set(auth(who))
        .then((r) => r),
    operatorTypes: (who) =>
      t
        .http()
        .post(`${BASE}/operatorTypeGetList`)
        .set(auth(who))
        .then((r) => r),
    create: send('post', 'create'),
    save: send('post', 'saveMapInDB'),
    impact: send('post', 'impact'),
    update: send('put', 'update'),
    remove: (who, id) =>
      t
        .http()
        .delete(`${BASE}/remove/${id}`)
        .set(auth(who))
        .then((r) => r),
    importFile(who, type, file, field = 'file') {
      const req = t.http().post(`${BASE}/importOperatorStatusesXLS/${type}`).set(auth(who));
      return (file ? req.attach(field, Buffer.from(file.buffer), file.name) : req).then((r) => r);
    },
    importRaw(who, type, disposition, bytes) {
      const body = Buffer.concat([
        Buffer.from(
          `--B\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from('\r\n--B--\r\n'),
      ]);
      return t
        .http()
        .post(`${BASE}/importOperatorStatusesXLS/${type}`)
        .set(auth(who))
        .set('Content-Type', 'multipart/form-data; boundary=B')
        .send(body)
        .then((r) => r);
    },
    async saved(operatorType, rows) {
      const res = await kit.save('admin', { operatorType, rows });
      if (res.status !== 200) throw new Error(`saveMapInDB: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as StatusMapSaveReply;
    },
    async created(operatorType, code, dbName) {
      const res = await kit.create('admin', { operatorType, code, description: `${code} words`, dbName });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as StatusMapSaved).row;
    },
    async carrier(type) {
      const [row] = await t.depot.runtime.db
        .insert(operators)
        .values({ name: `${type} ${tag()}`, type })
        .returning({ id: operators.id });
      return row.id;
    },
    async standing(operatorId, code, status = 'pickup', clientId = k.own.id) {
      const p = await k.created(clientId);
      await k.query(
        'update parcels set operator_id = $2, status = $3, carrier_status_code = $4 where id = $1',
        [p.id, operatorId, status, code],
      );
      return p.id;
    },
    async state(id) {
      const [row] = await k.query<ParcelState>(
        'select status, carrier_status_code, deleted_at, delivery_date from parcels where id = $1',
        [id],
      );
      return row;
    },
    carrierHistory: (id) =>
      k.query<CarrierHistoryRow>(
        `select status, previous_status, source, changed_by_id, carrier_code, carrier_description
         from parcel_status_history where parcel_id = $1 and source = 'carrier' order by id`,
        [id],
      ),
    async listening(role, room) {
      const socket = t.socket({ token: k.tokens[role] });
      await connected(socket);
      const ack: SubscribeAck = await socket.timeout(5000).emitWithAck('subscribe', room);
      if (!ack.ok) throw new Error(`${role} may not follow ${room}: ${ack.error}`);
      return socket;
    },
    close: () => k.close(),
  };
  return kit;
}

/** Cells of a code list row: code, description, and the optional status and terminal columns. */
export type CodeListRow = (string | number | null)[];

/** An xlsx workbook of `rows` in its first sheet (a header row first unless `header` is null). */
export async function workbook(
  rows: CodeListRow[],
  header: CodeListRow | null = ['Code', 'Description', 'Status', 'Terminal'],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Statuses');
  if (header) sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
