import type { Response } from 'supertest';
import type { ImportRowView, ImportState, ImportView, ListReply, Role } from '@depot/contracts';
import { cp1250 } from '../../../../test/e2e/support/cp1250';
import { address, startParcelsKit, tag, type ClientSetup, type ParcelsKit } from '../parcels/parcels.kit';

/**
 * Shared set-up of the imports suites: the parcels kit (a routed carrier) and shops: clients with a pickup address,
 * a standard parcel and a recipient phone, so a day's file needs only the recipient and the weight.
 */

export type Who = Parameters<ParcelsKit['auth']>[0];

/** The template's Polish headers, as a shop's export would name them. */
export const PL_HEADERS = [
  'Numer referencyjny',
  'Nazwa odbiorcy',
  'Ulica odbiorcy',
  'Numer budynku odbiorcy',
  'Miasto odbiorcy',
  'Kod pocztowy odbiorcy',
  'Kraj odbiorcy',
  'Waga (kg)',
];

/** One shipment row under PL_HEADERS. */
export const shipment = (
  reference: string,
  over: Partial<Record<'country' | 'weight' | 'name', string>> = {},
) => [
  reference,
  over.name ?? 'Łukasz Żółć',
  'Świętokrzyska',
  '12/3',
  'Łódź',
  '90-001',
  over.country ?? 'Polska',
  over.weight ?? '2,5',
];

/** A CSV as Polish Excel saves it: `;`, CRLF, Windows-1250 (or UTF-8 when asked). */
export function csvFile(rows: string[][], encoding: 'windows-1250' | 'utf-8' = 'windows-1250'): Buffer {
  const text = rows
    .map((r) => r.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
    .join('\r\n');
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : cp1250(text);
}

export interface ImportsKit extends ParcelsKit {
  /** A client with a pickup address (its parcels need no sender in the file), its user and key. */
  shop(flags?: Record<string, unknown>): Promise<ClientSetup>;
  upload(
    who: Who,
    file: { bytes: Buffer; name: string } | null,
    fields?: Record<string, string>,
  ): Promise<Response>;
  /** Uploads and expects 201. */
  uploaded(who: Who, bytes: Buffer, name?: string, fields?: Record<string, string>): Promise<ImportView>;
  get(who: Who, id: string): Promise<Response>;
  rows(who: Who, id: string, filters?: Record<string, unknown>): Promise<ListReply<ImportRowView>>;
  approve(who: Who, id: string): Promise<Response>;
  cancel(who: Who, id: string): Promise<Response>;
  fix(who: Who, id: string, rowId: string, cells: string[]): Promise<Response>;
  /** Reads the import until it is in `state` (the approve job's real end), failing after 20 s. */
  reaches(id: string, state: ImportState): Promise<ImportView>;
  parcelsOf(clientId: string): Promise<
    {
      id: string;
      internal_number: string;
      reference_number: string;
      source: string;
      external_number: string | null;
    }[]
  >;
}

export async function startImportsKit(env: Record<string, string> = {}): Promise<ImportsKit> {
  const k = await startParcelsKit(env);
  // The shop's standard parcel and recipient phone fill what a day's file leaves out (as on the form).
  const shop: ImportsKit['shop'] = (flags = {}) =>
    k.newClient({
      defaultAddress: { ...address({ name: `Sklep ${tag()}` }) },
      parcelSettings: {
        content: 'Książki',
        sizeL: 30,
        sizeW: 20,
        sizeD: 10,
        value: '100.00',
        valueCurrency: 'PLN',
        weightKg: null,
      },
      defaultPhoneShipping: '+48600100200',
      ...flags,
    } as never);
  const kit: ImportsKit = {
    ...k,
    shop,
    upload(who, file, fields = {}) {
      let req = k.t.http().post('/api/import/createShipmentFromFile').set(k.auth(who));
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      return (file ? req.attach('file', file.bytes, file.name) : req).then((r) => r);
    },
    async uploaded(who, bytes, name = 'shipments.csv', fields = {}) {
      const res = await kit.upload(who, { bytes, name }, fields);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ImportView;
    },
    get: (who, id) =>
      k.t
        .http()
        .get(`/api/import/${id}`)
        .set(k.auth(who))
        .then((r) => r),
    async rows(who, id, filters = {}) {
      const res = await k.t.http().post(`/api/import/${id}/rows`).set(k.auth(who)).send({ filters });
      if (res.status !== 200) throw new Error(`rows: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ListReply<ImportRowView>;
    },
    approve: (who, id) =>
      k.t
        .http()
        .post(`/api/import/approved/${id}`)
        .set(k.auth(who))
        .then((r) => r),
    cancel: (who, id) =>
      k.t
        .http()
        .post(`/api/import/cancel/${id}`)
        .set(k.auth(who))
        .then((r) => r),
    fix: (who, id, rowId, cells) =>
      k.t
        .http()
        .put(`/api/import/${id}/rows/${rowId}`)
        .set(k.auth(who))
        .send({ cells })
        .then((r) => r),
    async reaches(id, state) {
      const until = Date.now() + 20_000;
      for (;;) {
        const res = await kit.get('admin', id);
        const view = res.body as ImportView;
        if (view.state === state) return view;
        if (Date.now() > until) throw new Error(`import ${id} is ${view.state}, not ${state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    parcelsOf: (clientId) =>
      k.query(
        'select id, internal_number, reference_number, source, external_number from parcels where client_id = $1 and deleted_at is null order by internal_number',
        [clientId],
      ),
  };
  return kit;
}

export const STAFF_REFUSED: Role[] = ['salesman', 'magazyn'];
