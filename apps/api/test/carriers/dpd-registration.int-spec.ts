import type { ShipmentParcel } from '../../src/integrations/carriers/carrier-registration';
import { DpdRegistrationAdapter } from '../../src/integrations/carriers/dpd-registration';
import { DpdTrackingAdapter } from '../../src/integrations/carriers/dpd-tracking';
import { startFakeDpd, type FakeDpd } from '../../src/sandbox/carriers/fake-dpd';
import {
  expectZplLabels,
  pdfPages,
  shipmentAddress,
  shipmentParcel,
  useFakeCarrier,
} from './registration-contract';

/**
 * The DPD Polska registration adapter against the fake DPDServices (SOAP, the real envelopes: generatePackagesNumbersV4
 * then generateSpedLabelsV4): numbers and real label files read, DPD's validation put under our fields, and every
 * way of not answering named. No database.
 */

const address = (name: string, zipCode: string, country: string, phone: string | null = '+48500100200') =>
  shipmentAddress({
    name,
    street: 'Marszałkowska',
    building: '10',
    apartment: '4',
    city: 'Warszawa',
    zipCode,
    country,
    phone,
    email: 'anna@example.com',
  });
const parcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel =>
  shipmentParcel({
    referenceNumber: 'ORDER-7',
    content: 'Książki',
    sender: address('Magazyn Zielona Góra', '65-001', 'PL'),
    receiver: address('Anna Kowalska', '00-950', 'PL'),
    ...over,
  });

describe('DPD registration against the fake DPDServices', () => {
  let fake: FakeDpd;
  const config = () => ({
    login: fake.login,
    password: fake.password,
    masterFid: Number(fake.masterFid),
    fid: Number(fake.masterFid),
    environment: 'sandbox',
    labelFormat: 'PDF',
  });

  const carrier = useFakeCarrier({
    start: async () => (fake = await startFakeDpd()),
    adapter: (timeoutMs) => new DpdRegistrationAdapter(timeoutMs),
    config,
    parcel,
  });

  it('registers a parcel: the PackageId to cancel by, the first waybill to track by, DPD’s PDF showing it', async () => {
    const before = fake.servicesRequests().length;
    const result = await new DpdRegistrationAdapter(5000).register(fake.url, config(), parcel());
    expect(result).toMatchObject({
      kind: 'registered',
      shipmentId: expect.stringMatching(/^\d+$/),
      trackingNumber: expect.stringMatching(/^0000\d{9}U$/),
      lastMileNumber: null,
      label: { format: 'pdf' },
    });
    if (result.kind !== 'registered') throw new Error(result.kind);
    expect(result.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const [numbers, labels] = fake.servicesRequests().slice(before);
    // The Polish postal code goes as digits only (DPD refuses "00-950"), the sender pays with the operator's FID.
    expect(numbers.body).toContain('<postalCode>00950</postalCode>');
    expect(numbers.body).toMatch(/<sender>.*<fid>1495<\/fid>.*<\/sender>/);
    expect(numbers.body).toContain('<ref1>AB0000000042</ref1>');
    expect(numbers.body).toContain('<masterFid>1495</masterFid>');
    expect(labels.body).toContain(`<waybill>${result.trackingNumber}</waybill>`);
    expect(labels.body).toContain('<sessionType>DOMESTIC</sessionType>');
  });

  it('several packages: as many waybills on one PDF, one page each; ZPL as ZPL', async () => {
    const dpd = new DpdRegistrationAdapter(5000);
    const three = await dpd.register(fake.url, config(), parcel({ packageCount: 3, weightKg: '9.000' }));
    if (three.kind !== 'registered') throw new Error(three.kind);
    expect(pdfPages(three.label!.data)).toBe(3);
    const request = fake.servicesRequests().at(-2)!.body;
    expect(request.match(/<parcels><content>/g)).toHaveLength(3);
    expect(request).toContain('<weight>3</weight>');
    const zpl = await dpd.register(fake.url, config(), parcel({ labelFormat: 'zpl', packageCount: 2 }));
    expectZplLabels(zpl, 2);
  });

  it('a parcel abroad is labelled in an INTERNATIONAL session', async () => {
    const before = fake.servicesRequests().length;
    const result = await new DpdRegistrationAdapter(5000).register(
      fake.url,
      config(),
      parcel({ receiver: address('Erika Mustermann', '10115', 'DE') }),
    );
    expect(result.kind === 'registered' && result.label?.format).toBe('pdf');
    expect(fake.servicesRequests().slice(before)[1].body).toContain(
      '<sessionType>INTERNATIONAL</sessionType>',
    );
  });

  it('onCreated hears of the package once, and its waybill is in the event queue at once (030103)', async () => {
    const result = await carrier.registersHeardOnce();
    const tracked = await new DpdTrackingAdapter(5000).track(fake.url, config(), [result.trackingNumber]);
    expect(
      tracked.kind === 'tracked' && tracked.events.get(result.trackingNumber)?.map((e) => e.code),
    ).toEqual(['030103']);
  });

  carrier.itRefusesUnderTheirFields([
    [
      'a Polish postal code of 4 digits',
      { receiver: address('Anna', '00-95', 'PL') },
      ['destinationAddress.zipCode'],
    ],
    [
      'a sender postal code that is no Polish one',
      { sender: address('Magazyn', 'ABC', 'PL') },
      ['pickupAddress.zipCode'],
    ],
    ['no receiver phone', { receiver: address('Anna', '00-950', 'PL', null) }, ['destinationAddress.phone']],
    ['a parcel over 31.5 kg', { weightKg: '40.000' }, ['weightKg']],
    [
      'a COD to Poland in euro, and two parcels over 31.5 kg',
      { cod: { amount: '100.00', currency: 'EUR' }, weightKg: '70.000', packageCount: 2 },
      ['cod.codCurrency', 'weightKg', 'weightKg'],
    ],
  ]);

  it('a sender FID the login may not use (or a refusal) is DISALLOWED_FID under no field', async () => {
    const dpd = new DpdRegistrationAdapter(5000);
    expect(await dpd.register(fake.url, { ...config(), fid: 999 }, parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'DISALLOWED_FID' }],
    });
    fake.fids.push('999');
    expect((await dpd.register(fake.url, { ...config(), fid: 999 }, parcel())).kind).toBe('registered');
    fake.mode = 'refuse';
    expect(await dpd.register(fake.url, config(), parcel())).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'DISALLOWED_FID' }],
    });
  });

  carrier.itRefusesWrongCredentials(
    'a wrong login, password or master FID is AUTH_FAILED (DPD’s "Login failed" fault)',
    [{ password: 'wrong' }, { login: 'other' }, { masterFid: 1 }],
  );

  carrier.itIsRateLimitedFailsAndRecovers();

  it('a label that fails after the numbers only costs the label: the package is registered', async () => {
    const before = fake.created.length;
    const dpd = new DpdRegistrationAdapter(5000);
    const numbersThenFail = fake.servicesRequests().length;
    // The numbers' request goes through; the next one (the label) gets a 500.
    fake.onCreated = () => fake.failNext(1);
    const result = await dpd.register(fake.url, config(), parcel());
    expect(result).toMatchObject({ kind: 'registered', label: null });
    expect(fake.created.length).toBe(before + 1);
    expect(fake.servicesRequests().length).toBe(numbersThenFail + 2);
  });

  carrier.itTimesOutHangingOrSlow();
});
