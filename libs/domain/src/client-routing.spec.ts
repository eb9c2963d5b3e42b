import { clientMatrixTitle, type ClientMatrixTitles } from './client-routing';

const both: ClientMatrixTitles = { domesticMatrixTitle: 'Domestic PL', returnMatrixTitle: 'Returns EU' };
const none: ClientMatrixTitles = { domesticMatrixTitle: null, returnMatrixTitle: null };

describe('clientMatrixTitle', () => {
  it.each([
    ['a return parcel uses the return title', both, 'DE', 'PL', true, 'Returns EU'],
    ['a domestic return is still a return', both, 'PL', 'PL', true, 'Returns EU'],
    ['a domestic parcel uses the domestic title', both, 'PL', 'PL', false, 'Domestic PL'],
    ['a cross-border parcel has no client matrix', both, 'PL', 'DE', false, null],
    ['no titles, no client matrix (domestic)', none, 'PL', 'PL', false, null],
    ['no titles, no client matrix (return)', none, 'PL', 'DE', true, null],
  ] as const)('%s', (_name, client, pickupCountry, destinationCountry, isReturn, expected) => {
    expect(clientMatrixTitle(client, { pickupCountry, destinationCountry, isReturn })).toBe(expected);
  });

  it('treats blank titles as none and trims the others', () => {
    const blank = { domesticMatrixTitle: '   ', returnMatrixTitle: '' };
    expect(clientMatrixTitle(blank, { pickupCountry: 'PL', destinationCountry: 'PL', isReturn: false })).toBe(
      null,
    );
    expect(clientMatrixTitle(blank, { pickupCountry: 'PL', destinationCountry: 'DE', isReturn: true })).toBe(
      null,
    );
    const padded = { domesticMatrixTitle: ' Domestic ', returnMatrixTitle: null };
    expect(
      clientMatrixTitle(padded, { pickupCountry: 'DE', destinationCountry: 'DE', isReturn: false }),
    ).toBe('Domestic');
  });

  it('does not use the domestic title for a return when no return title exists', () => {
    const domesticOnly = { domesticMatrixTitle: 'Domestic PL', returnMatrixTitle: null };
    expect(
      clientMatrixTitle(domesticOnly, { pickupCountry: 'PL', destinationCountry: 'PL', isReturn: true }),
    ).toBe(null);
  });
});
