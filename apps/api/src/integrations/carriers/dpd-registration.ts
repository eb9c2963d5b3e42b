import { text } from './carrier-cancellation';
import { NoReply, send, type Fetch, type HttpReply } from './carrier-http';
import {
  registered,
  rejected,
  registrationUnavailable,
  registrationUnavailableStatus,
  type CarrierLabel,
  type RegistrationAdapter,
  type RegistrationResult,
  type ShipmentAddress,
  type ShipmentField,
  type ShipmentParcel,
} from './carrier-registration';
import { element, textOf } from './packeta-xml';
import { soapFault, xmlBlocks } from './tracking-xml';

/**
 * DPD Polska DPDServices (SOAP 1.1, JAX-WS): `POST {base}/DPDPackageObjServicesService/DPDPackageObjServices`
 * (production https://dpdservices.dpd.com.pl, demo https://dpdservicesdemo.dpd.com.pl), namespace
 * `http://dpdservices.dpd.com.pl/`, unqualified children:
 * - `generatePackagesNumbersV4 { openUMLFeV3 { packages* { parcels* { content, customerData1, sizeX, sizeY, sizeZ,
 *   weight }, payerType, receiver { address, city, countryCode, email, name, phone, postalCode }, ref1, sender { …,
 *   fid }, services { cod { amount, currency }, declaredValue { amount, currency }, dpdPickup { pudo } } } },
 *   pkgNumsGenerationPolicyV1, langCode, authDataV1 { login, masterFid, password } }` →
 *   `generatePackagesNumbersV4Response { return { Status, SessionId, BeginTime, EndTime, Packages { Package* { Status,
 *   PackageId, Reference, ValidationDetails { ValidationInfo* { ErrorId, ErrorCode, FieldNames, Info } }, Parcels {
 *   Parcel* { Status, ParcelId, Reference, Waybill, ValidationDetails } } } } } }` (capitalised, unlike the request).
 *   Status OK, or INCORRECT_DATA (the ValidationInfo say what: ErrorCode like INCORRECT_RECEIVER_POSTAL_CODE or
 *   INCORRECT_WEIGHT, FieldNames the field's name, Info in the language asked; the sources do not show how FieldNames
 *   are spelt, so they are read loosely, `receiver.postalCode` or `RECEIVER_POSTAL_CODE` alike), NOT_PROCESSED,
 *   DISALLOWED_FID, DUPLICATED_*, UNKNOWN_ERROR, DB_ERROR. A Polish postal code is taken as digits only ("01612").
 * - `generateSpedLabelsV4 { dpdServicesParamsV1 { policy, session { packages { parcels* { waybill } }, sessionType
 *   DOMESTIC | INTERNATIONAL } }, outputDocFormatV1 PDF | ZPL | EPL, outputDocPageFormatV1 A4 | LBL_PRINTER,
 *   outputLabelType BIC3, authDataV1 }` → `return { documentData (base64), session { statusInfo { status } … } }`.
 * - Refused credentials are a SOAP fault ("Login failed", "AuthData is null", "no privileges", "Access denied",
 *   DisabledAccountException, INCORRECT_LOGIN_OR_PASSWORD, ACCOUNT_IS_LOCKED).
 *
 * Sources: dbojdo/dpd-client (src/DPDServices: PackagePGRV2, ParcelPGRV2, ValidationInfoPGRV2 serialised names, the
 * status enums ValidationStatusPGREnumV1 / StatusDGREnumV1, ExceptionsWrappingExecutor's fault texts, the WSDL of
 * tests/DPDServices/Client/dpd.wsdl), t3ko/dpd-pl-api-php (Soap/Types: GeneratePackagesNumbersV4Request, OpenUMLFeV3,
 * PackageOpenUMLFeV3, ParcelOpenUMLFeV1, PackageAddressOpenUMLFeV1, ServicesOpenUMLFeV4, GenerateSpedLabelsV4Request;
 * the FileType, PageSize and SessionType enums; a waybill like 0000092494467Q), DPD Polska's official PrestaShop
 * module (DpdServices\Type\GenerateSpedLabelsV4, ValidationInfoPGRV2), BitBag's Shopware DPD app (INCORRECT_DATA with
 * INCORRECT_RECEIVER_POSTAL_CODE, DISALLOWED_FID), a public C# DPD client (raw envelopes: outputLabelType BIC3,
 * INTERNATIONAL when the countries differ), an integration noting that DPDServices refuses "01-612" and takes "01612",
 * and the contents of DPD's "DPDServices — Specyfikacja biznesowa" (docplayer.pl).
 *
 * The shipment's id is the PackageId, its tracking number the first parcel's Waybill (what DPDInfoServices' event
 * queue names, dpd-tracking.ts). One package per parcel, one DPD parcel per package of ours. The label is asked for
 * right after (PDF or ZPL, label-printer page); a label that cannot be had costs only the label: the shipment exists.
 *
 * The production DPDServices host is not DPDInfoServices' (dpdinfoservices.dpd.com.pl, the base tracking uses): a base
 * on that host is sent to dpdservices.dpd.com.pl; any other base (a demo, a sandbox) is used as it is.
 */
export const DPD_SERVICES_PATH = '/DPDPackageObjServicesService/DPDPackageObjServices';
const NS = 'http://dpdservices.dpd.com.pl/';
const LANG = 'PL';

/** Faults that say our credentials are refused. */
const AUTH_FAULT =
  /login failed|access denied|denied access|authdata|no privileges|authenticat|account[ _]is[ _]locked|disabled ?account|incorrect_login|password|credential/i;
/** Return statuses that say DPD could not work now (asking again may help). */
const TRANSIENT = new Set(['UNKNOWN_ERROR', 'DB_ERROR']);

export interface DpdServicesAuth {
  login: string;
  password: string;
  masterFid: string;
}

/** The DPDServices base for a configured base: DPDInfoServices' production host becomes DPDServices'. */
export function dpdServicesBase(base: string): string {
  return base.replace(/^(https?:\/\/)dpdinfoservices\.dpd\.com\.pl(?=[:/]|$)/i, '$1dpdservices.dpd.com.pl');
}

const envelope = (operation: string, children: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:dpd="${NS}">` +
  `<soapenv:Header/><soapenv:Body><dpd:${operation}>${children}</dpd:${operation}></soapenv:Body>` +
  '</soapenv:Envelope>';

const authData = (a: DpdServicesAuth) =>
  `<authDataV1>${element('login', a.login)}${element('masterFid', a.masterFid)}${element('password', a.password)}</authDataV1>`;

const optional = (name: string, value: string | null | undefined) => (value ? element(name, value) : '');

/** A postal code as DPD takes it: letters and digits only ("01-612" → "01612", "SW1A 1AA" → "SW1A1AA"). */
export const dpdPostalCode = (zipCode: string): string => zipCode.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const street = (a: ShipmentAddress) =>
  `${[a.street, a.building].filter(Boolean).join(' ')}${a.apartment ? `/${a.apartment}` : ''}`;

const address = (a: ShipmentAddress, fid?: string) =>
  element('address', street(a)) +
  element('city', a.city) +
  element('countryCode', a.country.toUpperCase()) +
  optional('email', a.email) +
  optional('fid', fid) +
  element('name', a.name) +
  optional('phone', a.phone) +
  element('postalCode', dpdPostalCode(a.zipCode));

/** Each parcel's share of the weight in kg, rounded up to 10 g (the parcel's weight is the packages' total). */
export function parcelWeight(weightKg: string, parcels: number): string {
  const hundredths = Math.ceil((Number(weightKg) * 100) / Math.max(1, parcels) - 1e-9);
  return String(Math.max(1, hundredths) / 100);
}

/** The generatePackagesNumbersV4 envelope: one package of `packageCount` parcels, paid by the sender `fid`. */
export function dpdPackagesXml(p: ShipmentParcel, auth: DpdServicesAuth, fid: string): string {
  const count = Math.max(1, p.packageCount);
  const size = (name: string, cm: number) => (cm > 0 ? element(name, String(Math.ceil(cm))) : '');
  const parcel =
    '<parcels>' +
    optional('content', p.content) +
    optional('customerData1', p.referenceNumber) +
    size('sizeX', p.sizeCmL) +
    size('sizeY', p.sizeCmW) +
    size('sizeZ', p.sizeCmD) +
    element('weight', parcelWeight(p.weightKg, count)) +
    '</parcels>';
  const money = (name: string, m: { amount: string; currency: string } | null) =>
    m ? `<${name}>${element('amount', m.amount)}${element('currency', m.currency)}</${name}>` : '';
  const services =
    money('cod', p.cod) +
    money('declaredValue', p.insurance) +
    (p.dropOffPoint ? `<dpdPickup>${element('pudo', p.dropOffPoint)}</dpdPickup>` : '');
  const pkg =
    '<packages>' +
    parcel.repeat(count) +
    element('payerType', 'SENDER') +
    `<receiver>${address(p.receiver)}</receiver>` +
    element('ref1', p.internalNumber) +
    `<sender>${address(p.sender, fid)}</sender>` +
    (services ? `<services>${services}</services>` : '') +
    '</packages>';
  return envelope(
    'generatePackagesNumbersV4',
    `<openUMLFeV3>${pkg}</openUMLFeV3>` +
      element('pkgNumsGenerationPolicyV1', 'STOP_ON_FIRST_ERROR') +
      element('langCode', LANG) +
      authData(auth),
  );
}

/** The generateSpedLabelsV4 envelope for these waybills, on label-printer pages. */
export function dpdLabelsXml(
  waybills: readonly string[],
  format: 'pdf' | 'zpl',
  international: boolean,
  auth: DpdServicesAuth,
): string {
  const parcels = waybills.map((w) => `<parcels>${element('waybill', w)}</parcels>`).join('');
  return envelope(
    'generateSpedLabelsV4',
    '<dpdServicesParamsV1>' +
      element('policy', 'STOP_ON_FIRST_ERROR') +
      `<session><packages>${parcels}</packages>${element('sessionType', international ? 'INTERNATIONAL' : 'DOMESTIC')}</session>` +
      '</dpdServicesParamsV1>' +
      element('outputDocFormatV1', format === 'zpl' ? 'ZPL' : 'PDF') +
      element('outputDocPageFormatV1', 'LBL_PRINTER') +
      element('outputLabelType', 'BIC3') +
      authData(auth),
  );
}

type AddressPart = Exclude<keyof ShipmentAddress, 'apartment' | 'building'>;
const PARTS: [RegExp, AddressPart][] = [
  [/postal|zip/i, 'zipCode'],
  [/e-?mail/i, 'email'],
  [/phone/i, 'phone'],
  [/city/i, 'city'],
  [/country/i, 'country'],
  [/address|street/i, 'street'],
  [/name|company/i, 'name'],
];
const OTHERS: [RegExp, ShipmentField][] = [
  [/weight/i, 'weightKg'],
  [/size_?x/i, 'sizeCmL'],
  [/size_?y/i, 'sizeCmW'],
  [/size_?z/i, 'sizeCmD'],
  [/(^|[._])cod[._].*curr/i, 'cod.codCurrency'],
  [/(^|[._])cod([._]|$)/i, 'cod.amountCOD'],
  [/declared_?value/i, 'insurance.amount'],
  [/pudo|dpd_?pickup|self_?col/i, 'dropOffPoint'],
  [/content/i, 'content'],
  [/customer_?data/i, 'referenceNumber'],
];

function fieldOf(words: string): ShipmentField | null {
  const party = /receiver/i.test(words)
    ? 'destinationAddress'
    : /sender/i.test(words)
      ? 'pickupAddress'
      : null;
  const part = party && PARTS.find(([re]) => re.test(words))?.[1];
  if (party && part) return `${party}.${part}`;
  return OTHERS.find(([re]) => re.test(words))?.[1] ?? null;
}

/**
 * Our field a ValidationInfo is about: from its FieldNames (`receiver.postalCode`, `sender.phone`, `weight`,
 * `sizeX`, `services.cod.amount`; several may be listed, the first we know wins), else from its ErrorCode
 * (INCORRECT_RECEIVER_POSTAL_CODE, INCORRECT_WEIGHT, COD_CURRENCY_NOT_AVAILABLE_FOR_COUNTRY…); null when neither fits.
 */
export function dpdErrorField(fieldNames: string, errorCode: string): ShipmentField | null {
  for (const words of [...fieldNames.split(/[\s,;|]+/).filter(Boolean), errorCode]) {
    const field = fieldOf(words);
    if (field) return field;
  }
  return null;
}

/** What DPD gave for the package: its id and its parcels' waybills. */
export interface DpdPackage {
  packageId: string;
  waybills: string[];
}

/** Why a reply that is not the answer gives none: refused credentials, an HTTP status, an unexpected fault. */
function noAnswer(reply: HttpReply): RegistrationResult | null {
  const fault = soapFault(reply.body);
  if (fault !== null && AUTH_FAULT.test(fault)) return registrationUnavailable('AUTH_FAILED');
  if (reply.status !== 200) return registrationUnavailableStatus(reply.status);
  return fault === null ? null : registrationUnavailable('BAD_REPLY');
}

/** XML with the elements of a name removed (their content too). */
const without = (xml: string, name: string) =>
  xml.replace(
    new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</(?:[\\w.-]+:)?${name}\\s*>)`, 'g'),
    '',
  );

/**
 * A generatePackagesNumbersV4 reply: the package's id and waybills, DPD's refusal (each ValidationInfo under its
 * field; a status alone under no field), or why there is no answer.
 */
export function readDpdPackages(reply: HttpReply): DpdPackage | RegistrationResult {
  const failed = noAnswer(reply);
  if (failed) return failed;
  const response = xmlBlocks(reply.body, 'generatePackagesNumbersV4Response')[0];
  const ret = response === undefined ? undefined : xmlBlocks(response, 'return')[0];
  if (ret === undefined) return registrationUnavailable('BAD_REPLY');
  const status = textOf(without(ret, 'Packages'), 'Status') ?? '';
  const infos = xmlBlocks(ret, 'ValidationInfo').map((v) => ({
    code: textOf(v, 'ErrorCode') ?? '',
    fields: textOf(v, 'FieldNames') ?? '',
    info: textOf(v, 'Info') ?? '',
  }));
  const pkg = xmlBlocks(ret, 'Package')[0];
  if (status === 'OK' && pkg !== undefined && textOf(without(pkg, 'Parcels'), 'Status') === 'OK') {
    const packageId = textOf(without(pkg, 'Parcels'), 'PackageId');
    const waybills = xmlBlocks(pkg, 'Parcel').map((p) => textOf(p, 'Waybill') ?? '');
    if (!packageId || waybills.length === 0 || waybills.some((w) => !w))
      return registrationUnavailable('BAD_REPLY');
    return { packageId, waybills };
  }
  if (infos.length > 0)
    return rejected(
      infos.map((v) => ({ field: dpdErrorField(v.fields, v.code), message: v.info || v.code || status })),
    );
  if (!status || status === 'OK') return registrationUnavailable('BAD_REPLY');
  if (TRANSIENT.has(status)) return registrationUnavailable(`DPD_${status}`);
  return rejected([{ field: null, message: status }]);
}

/** A generateSpedLabelsV4 reply: the document in the format asked, or null when there is none that fits. */
export function readDpdLabel(reply: HttpReply, format: 'pdf' | 'zpl'): CarrierLabel | null {
  if (noAnswer(reply)) return null;
  const response = xmlBlocks(reply.body, 'generateSpedLabelsV4Response')[0];
  const data = response === undefined ? null : textOf(response, 'documentData');
  if (!data) return null;
  const bytes = Buffer.from(data.replace(/\s+/g, ''), 'base64');
  const fits =
    format === 'pdf'
      ? bytes.subarray(0, 5).toString('latin1') === '%PDF-'
      : bytes.toString('latin1').includes('^XA');
  return fits ? { format, data: bytes } : null;
}

/** DPD Polska registration: the package's numbers, then its label, signed with the operator's DPD login. */
export class DpdRegistrationAdapter implements RegistrationAdapter {
  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    parcel: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const auth: DpdServicesAuth = {
      login: text(config, 'login'),
      password: text(config, 'password'),
      masterFid: text(config, 'masterFid'),
    };
    if (!auth.login || !auth.password || !auth.masterFid)
      return registrationUnavailable('MISSING_CREDENTIALS');
    const url = `${dpdServicesBase(base)}${DPD_SERVICES_PATH}`;
    let read: DpdPackage | RegistrationResult;
    try {
      const fid = text(config, 'fid') || auth.masterFid;
      read = readDpdPackages(await this.post(url, dpdPackagesXml(parcel, auth, fid)));
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if ('kind' in read) return read;
    const international =
      parcel.receiver.country.toUpperCase() !== 'PL' || parcel.sender.country.toUpperCase() !== 'PL';
    // The shipment exists at DPD all the same: a label that cannot be had only costs the label.
    const label = await this.post(url, dpdLabelsXml(read.waybills, parcel.labelFormat, international, auth))
      .then((reply) => readDpdLabel(reply, parcel.labelFormat))
      .catch(() => null);
    return registered(read.packageId, read.waybills[0], label);
  }

  private post(url: string, body: string): Promise<HttpReply> {
    return send(
      this.fetchImpl,
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml', SOAPAction: '""' },
        body,
      },
      this.timeoutMs,
    );
  }
}
