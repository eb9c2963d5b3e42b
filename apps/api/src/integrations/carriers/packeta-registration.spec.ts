import type { ShipmentParcel } from './carrier-registration';
import { createPacketXml, packetaField, readPacketaCreate } from './packeta-registration';

const ok = (xml: string) => ({ status: 200, body: `<?xml version="1.0"?>${xml}` });

describe('Packeta registration', () => {
  it('reads the packet’s id and barcode', () => {
    expect(
      readPacketaCreate(
        ok(
          '<response><status>ok</status><result><id>4100000123</id><barcode>Z4100000123</barcode></result></response>',
        ),
      ),
    ).toEqual({ id: '4100000123', barcode: 'Z4100000123' });
  });

  it('PacketAttributesFault: every attribute under our field', () => {
    const xml =
      '<response><status>fault</status><fault>PacketAttributesFault</fault><string>Invalid</string><detail><attributes>' +
      '<fault><name>zip</name><fault>Bad zip</fault></fault><fault><name>size.length</name><fault>Too long</fault></fault>' +
      '<fault><name>adultContent</name><fault>Bad</fault></fault></attributes></detail></response>';
    expect(readPacketaCreate(ok(xml))).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.zipCode', message: 'zip: Bad zip' },
        { field: 'sizeCmL', message: 'size.length: Too long' },
        { field: null, message: 'adultContent: Bad' },
      ],
    });
    expect(packetaField('houseNumber')).toBe('destinationAddress.building');
  });

  it('other faults are refusals with their words; a wrong password, a 5xx or nonsense are no answer', () => {
    expect(
      readPacketaCreate(
        ok(
          '<response><status>fault</status><fault>SenderNotExists</fault><string>No such eshop</string></response>',
        ),
      ),
    ).toEqual({ kind: 'rejected', errors: [{ field: null, message: 'SenderNotExists: No such eshop' }] });
    expect(
      readPacketaCreate(
        ok('<response><status>fault</status><fault>IncorrectApiPasswordFault</fault></response>'),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'AUTH_FAILED' });
    expect(readPacketaCreate({ status: 503, body: '' })).toEqual({ kind: 'unavailable', reason: 'HTTP_503' });
    expect(readPacketaCreate(ok('<html/>'))).toEqual({ kind: 'unavailable', reason: 'BAD_REPLY' });
  });

  it('writes the parcel as createPacket, escaped, sizes in millimetres', () => {
    const p = {
      internalNumber: 'AB1',
      referenceNumber: null,
      weightKg: '1.500',
      sizeCmL: 30,
      sizeCmW: 20,
      sizeCmD: 10,
      packageCount: 1,
      value: '10.00',
      valueCurrency: 'CZK',
      content: null,
      sender: null as never,
      receiver: {
        name: 'A & B <Co>',
        street: 'Ulice',
        building: '1',
        apartment: '2',
        city: 'Praha',
        zipCode: '11000',
        country: 'CZ',
        phone: '+420 777 123 456',
        email: null,
      },
      cod: { amount: '10.00', currency: 'CZK' },
      insurance: null,
      dropOffPoint: '4307',
      labelFormat: 'pdf',
    } satisfies ShipmentParcel;
    const xml = createPacketXml(p, 'secret', 'depot');
    expect(xml).toContain('<name>A &amp; B</name><surname>&lt;Co&gt;</surname>');
    expect(xml).toContain('<phone>+420777123456</phone>');
    expect(xml).toContain('<houseNumber>1/2</houseNumber>');
    expect(xml).toContain('<cod>10.00</cod>');
    expect(xml).toContain('<size><length>300</length><width>200</width><height>100</height></size>');
  });
});
