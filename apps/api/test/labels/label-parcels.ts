import type { LabelClientFlags, LabelParcel } from '@depot/contracts';

/** LabelParcel fixtures for the renderer tests (Polish letters on purpose). */

export const NO_LABEL_FLAGS: LabelClientFlags = {
  firstMile: false,
  genOnlyFirstMile: false,
  dontPrintLastMile: false,
  combineLabels: false,
};

export function labelParcel(over: Partial<LabelParcel> = {}): LabelParcel {
  return {
    id: '0b7e6f8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    clientId: '1b7e6f8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    clientName: 'Łąkowa sp. z o.o.',
    internalNumber: 'LAK0000042',
    referenceNumber: 'ZAM/2026/ŻÓŁW',
    externalNumber: null,
    firstMileNumber: 'FM0000042',
    lastMileNumber: 'DPD1234567890',
    barcode: null,
    orderType: 'internal',
    status: 'new',
    isCorrect: true,
    packageCount: 1,
    weightKg: '2.500',
    sizeCmL: 30,
    sizeCmW: 20,
    sizeCmD: 10,
    content: 'Książki',
    note1: 'Proszę dzwonić',
    pickupAddress: {
      name: 'Łąkowa sp. z o.o.',
      street: 'Źródlana',
      building: '7',
      city: 'Zielona Góra',
      zipCode: '65-001',
      country: 'PL',
      phone: '+48 600 000 000',
      email: null,
    },
    destinationAddress: {
      name: 'Grzegorz Brzęczyszczykiewicz',
      street: 'Świętokrzyska',
      building: '12/3',
      city: 'Łódź',
      zipCode: '90-001',
      country: 'DE',
      phone: '+49 30 1234567',
      email: null,
    },
    codAmount: '149.99',
    codCurrency: 'PLN',
    carrierName: 'DPD Polska',
    carrierType: 'DPD',
    additionalShipperNameOnTheLabel: 'Sklep Żabka',
    flags: NO_LABEL_FLAGS,
    carrierLabelFormat: null,
    createdAt: new Date('2026-11-20T23:30:00Z'),
    ...over,
  };
}
