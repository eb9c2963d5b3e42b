import { scanFormSchema, scanStatusOfName } from './schemas';

describe('scan form', () => {
  it.each([
    ['IN_TRANSPORT', 'inTransport'],
    ['PARCEL_CENTER', 'parcelCenter'],
    ['IN_PUDO', 'inPudo'],
    ['FIRST_ATTEMPT', 'firstAttempt'],
    ['DELIVERED', 'delivered'],
    ['inDelivery', 'inDelivery'],
    ['in_transport', 'in_transport'],
  ])('the status name %s reads as %s', (name, status) => expect(scanStatusOfName(name)).toBe(status));

  it('fills SPEC’s defaults: inTransport, Zielona Góra, Europe/Warsaw', () => {
    expect(scanFormSchema.parse({ externalNumber: [' A1 '] })).toEqual({
      name: 'inTransport',
      externalNumber: ['A1'],
      terminal: 'Zielona Góra',
      timezone: 'Europe/Warsaw',
      description: undefined,
      driver: undefined,
      registrationNumber: undefined,
    });
  });
});
