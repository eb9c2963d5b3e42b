import { inpostField, inpostService, readInpostRefusal } from './inpost-registration';

describe('InPost ShipX registration replies', () => {
  it.each([
    ['receiver.phone', 'destinationAddress.phone'],
    ['receiver.email', 'destinationAddress.email'],
    ['receiver.address.post_code', 'destinationAddress.zipCode'],
    ['receiver.address.building_number', 'destinationAddress.building'],
    ['sender.address.city', 'pickupAddress.city'],
    ['sender.company_name', 'pickupAddress.name'],
    ['custom_attributes.target_point', 'dropOffPoint'],
    ['parcels.weight.amount', 'weightKg'],
    ['parcels.dimensions.height', 'sizeCmD'],
    ['cod.amount', 'cod.amountCOD'],
    ['insurance.amount', 'insurance.amount'],
    ['reference', 'referenceNumber'],
    ['receiver.unknown', null],
    ['service', null],
  ])('%s is our %s', (path, field) => {
    expect(inpostField(path)).toBe(field);
  });

  it('reads nested details, each leaf with its codes', () => {
    const body = {
      status: 400,
      error: 'validation_failed',
      message: 'There are some validation errors.',
      details: {
        receiver: [{ phone: ['invalid'], address: [{ post_code: ['required', 'invalid'] }] }],
        service: ['not_available'],
      },
    };
    expect(readInpostRefusal({ status: 400, body: JSON.stringify(body) })).toEqual({
      kind: 'rejected',
      errors: [
        { field: 'destinationAddress.phone', message: 'receiver.phone: invalid' },
        { field: 'destinationAddress.zipCode', message: 'receiver.address.post_code: required, invalid' },
        { field: null, message: 'service: not_available' },
      ],
    });
  });

  it('a refusal without details keeps ShipX’s message; an unreadable one is no answer', () => {
    const body = { status: 422, error: 'invalid_action', message: 'Offer expired', details: {} };
    expect(readInpostRefusal({ status: 422, body: JSON.stringify(body) })).toEqual({
      kind: 'rejected',
      errors: [{ field: null, message: 'Offer expired' }],
    });
    expect(readInpostRefusal({ status: 400, body: '<html>' })).toEqual({
      kind: 'unavailable',
      reason: 'BAD_REPLY',
    });
  });

  it.each([
    ['inpost_locker_standard', true, 'inpost_locker_standard'],
    ['inpost_locker_standard', false, 'inpost_courier_standard'],
    ['inpost_courier_express_1000', false, 'inpost_courier_express_1000'],
    ['inpost_courier_express_1000', true, 'inpost_locker_standard'],
    ['', true, 'inpost_locker_standard'],
    ['', false, 'inpost_courier_standard'],
  ])('default %s, to a locker %s: %s', (defaultService, toLocker, service) => {
    expect(inpostService(defaultService, toLocker)).toBe(service);
  });
});
