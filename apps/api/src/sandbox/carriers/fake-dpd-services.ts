import PDFDocument from 'pdfkit';
import { textOf } from '../../integrations/carriers/packeta-xml';
import { xmlBlocks } from '../../integrations/carriers/tracking-xml';
import { labelFonts } from '../../modules/labels/render/fonts';
import type { FakeReply, FakeRequest, FakeShipment } from './fake-carrier-server';
import type { FakeDpd } from './fake-dpd';

/**
 * The DPDServices half of the fake DPD Polska (shapes from the sources named in
 * src/integrations/carriers/dpd-registration.ts): `POST /DPDPackageObjServicesService/DPDPackageObjServices`, SOAP 1.1
 * as JAX-WS writes it (`S:` envelope, `ns2:` operation, unqualified children).
 * - `generatePackagesNumbersV4 { openUMLFeV3 { packages* }, pkgNumsGenerationPolicyV1, langCode, authDataV1 { login,
 *   masterFid, password } }`: every package is checked; a good one gets a PackageId and per parcel a ParcelId and a
 *   14-character waybill (`0000` + 9 digits + `U`), answered `<return><Status>OK</Status><SessionId/>…<Packages>
 *   <Package><Status>OK</Status><PackageId/><Reference/><Parcels><Parcel><Status>OK</Status><ParcelId/><Reference/>
 *   <Waybill/></Parcel>…`; each waybill is queued at once in the DPDInfoServices queue as 030103 "Zarejestrowano dane
 *   przesyłki", and `created` / `onCreated` report the package (its PackageId and first waybill). A bad package makes
 *   the return and the package INCORRECT_DATA (packages after it NOT_PROCESSED, STOP_ON_FIRST_ERROR), no waybill, with
 *   `<ValidationDetails><ValidationInfo><ErrorId/><ErrorCode/><FieldNames/><Info/>` on the package (a Polish postal
 *   code other than 5 digits: INCORRECT_RECEIVER_POSTAL_CODE / INCORRECT_SENDER_POSTAL_CODE, `receiver.postalCode`;
 *   no receiver phone or name: VALUE_EMPTY, `receiver.phone` / `receiver.name`; a COD to Poland not in PLN:
 *   COD_CURRENCY_NOT_AVAILABLE_FOR_COUNTRY, `services.cod.currency`) or on the parcel (a weight over 31.5 kg or none:
 *   INCORRECT_WEIGHT, `weight`). A sender FID other than the master FID or one of `fids` (or `refuse`) answers the
 *   return status DISALLOWED_FID alone.
 * - `generateSpedLabelsV4 { dpdServicesParamsV1 { policy, session { packages { parcels { waybill } }, sessionType } },
 *   outputDocFormatV1, outputDocPageFormatV1, outputLabelType, authDataV1 }`: `<return><documentData>` base64 of a
 *   real PDF (pdfkit, one 100 × 150 mm page per waybill showing it), of ZPL or of EPL, and `<session><statusInfo>
 *   <status>OK</status>`; a waybill it never issued is NOT_FOUND, a session type that does not fit the parcels
 *   INCORRECT_PKGS_FOR_SESSION_TYPE, both without documentData.
 * - Wrong credentials (or `badCredentials`) are a SOAP fault "Login failed" with HTTP 500.
 * The FieldNames' exact spelling is not published: this fake writes them as the request's element paths.
 */
export const DPD_SERVICES_FAKE_PATH = '/DPDPackageObjServicesService/DPDPackageObjServices';
const NS = 'http://dpdservices.dpd.com.pl/';

export const esc = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const soapEnvelope = (status: number, body: string): FakeReply => ({
  status,
  type: 'text/xml;charset=utf-8',
  body: `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${body}</S:Body></S:Envelope>`,
});

/** A JAX-WS fault with the service's declared exception (`detailElement` in `ns`) carrying the same message. */
export const soapFaultReply = (message: string, ns: string, detailElement: string, code = 'S:Server') =>
  soapEnvelope(
    500,
    `<S:Fault xmlns:ns4="http://www.w3.org/2003/05/soap-envelope"><faultcode>${code}</faultcode>` +
      `<faultstring>${esc(message)}</faultstring><detail><ns2:${detailElement} xmlns:ns2="${ns}">` +
      `<message>${esc(message)}</message></ns2:${detailElement}></detail></S:Fault>`,
  );

const fault = (message: string, code?: string) => soapFaultReply(message, NS, 'DPDServiceException', code);
const operation = (name: string, inner: string) =>
  soapEnvelope(200, `<ns2:${name}Response xmlns:ns2="${NS}"><return>${inner}</return></ns2:${name}Response>`);

/** What the fake DPDServices keeps between requests. */
export interface DpdServicesState {
  issued: number;
  /** Waybills issued: their package, whether it crosses a border, and what the label shows. */
  waybills: Map<string, { packageId: string; international: boolean; to: string[] }>;
}

interface Issue {
  code: string;
  fields: string;
  info: string;
}

const upper = (xml: string, name: string) => (textOf(xml, name) ?? '').trim().toUpperCase();

/** What is wrong with one package of the request: the package's issues and each parcel's. */
function packageIssues(pkg: string): { own: Issue[]; parcels: Issue[][] } {
  const receiver = xmlBlocks(pkg, 'receiver')[0] ?? '';
  const sender = xmlBlocks(pkg, 'sender')[0] ?? '';
  const own: Issue[] = [];
  for (const [party, xml, word] of [
    ['receiver', receiver, 'odbiorcy'],
    ['sender', sender, 'nadawcy'],
  ] as const) {
    const postal = (textOf(xml, 'postalCode') ?? '').trim();
    const bad = upper(xml, 'countryCode') === 'PL' ? !/^\d{5}$/.test(postal) : !postal;
    if (bad)
      own.push({
        code: `INCORRECT_${party.toUpperCase()}_POSTAL_CODE`,
        fields: `${party}.postalCode`,
        info: `Niepoprawny kod pocztowy ${word}: ${postal}`,
      });
  }
  if (!textOf(receiver, 'phone'))
    own.push({ code: 'VALUE_EMPTY', fields: 'receiver.phone', info: 'Brak telefonu odbiorcy' });
  if (!textOf(receiver, 'name') && !textOf(receiver, 'company'))
    own.push({ code: 'VALUE_EMPTY', fields: 'receiver.name', info: 'Brak nazwy odbiorcy' });
  const cod = xmlBlocks(pkg, 'cod')[0];
  if (cod !== undefined && upper(receiver, 'countryCode') === 'PL' && upper(cod, 'currency') !== 'PLN')
    own.push({
      code: 'COD_CURRENCY_NOT_AVAILABLE_FOR_COUNTRY',
      fields: 'services.cod.currency',
      info: `Waluta pobrania ${upper(cod, 'currency')} niedostępna dla kraju PL`,
    });
  const parcels = xmlBlocks(pkg, 'parcels').map((parcel) => {
    const weight = Number(textOf(parcel, 'weight'));
    return weight > 0 && weight <= 31.5
      ? []
      : [
          {
            code: 'INCORRECT_WEIGHT',
            fields: 'weight',
            info: `Niepoprawna waga paczki: ${weight} kg (max 31.5)`,
          },
        ];
  });
  return { own, parcels };
}

const details = (issues: Issue[], id: () => number) =>
  issues.length === 0
    ? ''
    : '<ValidationDetails>' +
      issues
        .map(
          (i) =>
            `<ValidationInfo><ErrorId>${id()}</ErrorId><ErrorCode>${i.code}</ErrorCode>` +
            `<FieldNames>${esc(i.fields)}</FieldNames><Info>${esc(i.info)}</Info></ValidationInfo>`,
        )
        .join('') +
      '</ValidationDetails>';

function generatePackages(req: FakeRequest, dpd: FakeDpd, state: DpdServicesState): FakeReply {
  const id = () => ++state.issued;
  const session = `<SessionId>${id()}</SessionId><BeginTime>${new Date().toISOString()}</BeginTime>`;
  const packages = xmlBlocks(xmlBlocks(req.body, 'openUMLFeV3')[0] ?? '', 'packages');
  const fids = new Set([dpd.masterFid, ...dpd.fids]);
  if (
    dpd.mode === 'refuse' ||
    packages.some((p) => !fids.has((textOf(xmlBlocks(p, 'sender')[0] ?? '', 'fid') ?? '').trim()))
  )
    return operation('generatePackagesNumbersV4', `<Status>DISALLOWED_FID</Status>${session}`);
  const checked = packages.map(packageIssues);
  const firstBad = checked.findIndex((c) => c.own.length > 0 || c.parcels.some((p) => p.length > 0));
  const createdAt = new Date();
  const made: { shipment: FakeShipment; waybills: string[] }[] = [];
  const answered = packages.map((pkg, n) => {
    const { own, parcels } = checked[n];
    const status = firstBad === -1 ? 'OK' : n === firstBad ? 'INCORRECT_DATA' : 'NOT_PROCESSED';
    const packageId = String(100000 + id());
    const receiver = xmlBlocks(pkg, 'receiver')[0] ?? '';
    const countries = [receiver, xmlBlocks(pkg, 'sender')[0] ?? ''].map((a) => upper(a, 'countryCode'));
    const to = [
      textOf(receiver, 'name') ?? '',
      textOf(receiver, 'address') ?? '',
      `${countries[0]} ${textOf(receiver, 'postalCode') ?? ''} ${textOf(receiver, 'city') ?? ''}`,
    ];
    const waybills: string[] = [];
    const parcelXml = parcels.map((issues) => {
      const parcelStatus = status === 'OK' ? 'OK' : issues.length > 0 ? 'INCORRECT_DATA' : 'NOT_PROCESSED';
      let waybill = '';
      if (status === 'OK') {
        waybill = `0000${String(190000000 + id()).slice(-9)}U`;
        waybills.push(waybill);
        state.waybills.set(waybill, { packageId, international: countries.some((c) => c !== 'PL'), to });
      }
      return (
        `<Parcel><Status>${parcelStatus}</Status><ParcelId>${status === 'OK' ? 200000 + id() : 0}</ParcelId>` +
        `<Reference></Reference>${waybill ? `<Waybill>${waybill}</Waybill>` : ''}${details(issues, id)}</Parcel>`
      );
    });
    if (status === 'OK')
      made.push({ shipment: { shipmentId: packageId, trackingNumber: waybills[0], createdAt }, waybills });
    return (
      `<Package><Status>${status}</Status><PackageId>${status === 'OK' ? packageId : 0}</PackageId>` +
      `<Reference></Reference>${n === firstBad ? details(own, id) : ''}` +
      `<Parcels>${parcelXml.join('')}</Parcels></Package>`
    );
  });
  for (const { shipment, waybills } of made) {
    for (const waybill of waybills)
      dpd.setEvents(waybill, [
        { code: '030103', description: 'Zarejestrowano dane przesyłki', at: createdAt },
      ]);
    dpd.created.push(shipment);
    dpd.onCreated?.(shipment);
  }
  return operation(
    'generatePackagesNumbersV4',
    `<Status>${firstBad === -1 ? 'OK' : 'INCORRECT_DATA'}</Status>${session}<EndTime>${new Date().toISOString()}</EndTime>` +
      `<Packages>${answered.join('')}</Packages>`,
  );
}

/** A label page per waybill: a real 100 × 150 mm PDF, ZPL or EPL. */
export function dpdFakeLabel(format: string, labels: { waybill: string; to: string[] }[]): Buffer {
  if (format === 'ZPL')
    return Buffer.from(
      labels
        .map(
          (l) =>
            `^XA^CI28^CF0,40^FO40,40^FDDPD^FS^FO40,100^FD${l.waybill}^FS` +
            l.to.map((line, i) => `^FO40,${160 + i * 45}^FD${line}^FS`).join('') +
            `^BY3^FO40,330^BCN,160,Y,N,N^FD${l.waybill}^FS^XZ`,
        )
        .join(''),
    );
  if (format === 'EPL')
    return Buffer.from(
      labels
        .map((l) => `N\nA40,40,0,4,1,1,N,"DPD ${l.waybill}"\nB40,120,0,1,3,7,160,B,"${l.waybill}"\nP1\n`)
        .join(''),
    );
  const fonts = labelFonts();
  const doc = new PDFDocument({ size: [283.46, 425.2], margin: 20, autoFirstPage: false });
  for (const l of labels) {
    doc.addPage();
    doc.font(fonts.bold).fontSize(26).text('DPD');
    doc.font(fonts.regular).fontSize(16).text(l.waybill).fontSize(12).text(l.to.join('\n'));
    for (let x = 0; x < 230; x += 3)
      if ((l.waybill.charCodeAt((x / 17) | 0) * (x + 7)) % 5 < 2) doc.rect(26 + x, 260, 2, 90).fill('#000');
  }
  doc.end();
  const pdf = doc.read() as Buffer | null; // pdfkit has written it all by the end of end()
  if (!pdf) throw new Error('pdfkit wrote nothing');
  return pdf;
}

function generateLabels(req: FakeRequest, state: DpdServicesState): FakeReply {
  const waybills = xmlBlocks(req.body, 'waybill').map((w) => w.trim());
  const known = waybills.map((w) => state.waybills.get(w));
  const international = textOf(req.body, 'sessionType') === 'INTERNATIONAL';
  const status =
    waybills.length === 0 || known.some((k) => !k)
      ? 'NOT_FOUND'
      : known.some((k) => k!.international !== international)
        ? 'INCORRECT_PKGS_FOR_SESSION_TYPE'
        : 'OK';
  const format = (textOf(req.body, 'outputDocFormatV1') ?? 'PDF').toUpperCase();
  const document =
    status === 'OK'
      ? `<documentData>${dpdFakeLabel(
          format,
          waybills.map((waybill, i) => ({ waybill, to: known[i]!.to })),
        ).toString('base64')}</documentData>`
      : '';
  return operation(
    'generateSpedLabelsV4',
    `${document}<session><statusInfo><status>${status}</status></statusInfo></session>`,
  );
}

/** A DPDServices request answered (after the shared modes of fake-carrier-server). */
export function answerDpdServices(req: FakeRequest, dpd: FakeDpd, state: DpdServicesState): FakeReply {
  const op = /<(?:[\w.-]+:)?(generatePackagesNumbersV4|generateSpedLabelsV4)[\s>]/.exec(req.body)?.[1];
  if (!op) return fault(`Cannot find dispatch method for {${NS}}unknown`, 'S:Client');
  const auth = xmlBlocks(req.body, 'authDataV1')[0] ?? '';
  if (
    dpd.mode === 'badCredentials' ||
    textOf(auth, 'login') !== dpd.login ||
    textOf(auth, 'password') !== dpd.password ||
    textOf(auth, 'masterFid') !== dpd.masterFid
  )
    return fault('Login failed');
  return op === 'generatePackagesNumbersV4' ? generatePackages(req, dpd, state) : generateLabels(req, state);
}
