import { CATALOGUE } from '@depot/contracts';
import { carrierErrorsByField, carrierFieldLabel } from './carrierErrors';

const catalogue = CATALOGUE.en as Record<string, string>;

describe('carrier errors on the parcel form', () => {
  it.each([
    ['weightKg', null, 'parcelForm.field.weightKg'],
    ['sizeCmL', null, 'parcelForm.field.sizeCmL'],
    ['dropOffPoint', null, 'parcelForm.field.dropOffPoint'],
    ['cod.amountCOD', null, 'parcelForm.field.codAmount'],
    ['cod.codCurrency', null, 'parcelForm.field.codCurrency'],
    ['insurance.amount', null, 'parcelForm.field.insuranceAmount'],
    ['destinationAddress.zipCode', 'parcelForm.section.destinationAddress', 'parcelForm.address.zipCode'],
    ['pickupAddress.phone', 'parcelForm.section.pickupAddress', 'parcelForm.address.phone'],
  ])('%s is labelled as the form labels it', (path, section, field) => {
    const label = carrierFieldLabel(path);
    expect(label).toEqual({ section, field });
    expect(catalogue[field]).toBeTruthy();
    expect(section === null || Boolean(catalogue[section])).toBe(true);
  });

  it('a path the form does not show has no label', () => {
    expect(carrierFieldLabel('parcels.0.weight')).toBeNull();
  });

  it('keeps the first message of each named field, and leaves out the ones without a field', () => {
    expect(
      carrierErrorsByField([
        { field: 'destinationAddress.phone', message: 'invalid' },
        { field: null, message: 'general' },
        { field: 'destinationAddress.phone', message: 'second' },
        { field: 'weightKg', message: 'too heavy' },
      ]),
    ).toEqual({ 'destinationAddress.phone': 'invalid', weightKg: 'too heavy' });
  });
});
