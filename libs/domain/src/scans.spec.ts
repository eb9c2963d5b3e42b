import { MESSAGES, PARCEL_STATUSES, SCAN_STATUSES, type ParcelStatus } from '@depot/contracts';
import { normalScannedNumber, scanOutcomeOf } from './scans';

describe('scanOutcomeOf', () => {
  it.each<[ParcelStatus, ParcelStatus, string, string | null]>([
    ['new', 'inTransport', 'changed', null],
    ['pickup', 'parcelCenter', 'changed', null],
    ['problem', 'inDelivery', 'changed', null],
    ['inDelivery', 'delivered', 'changed', null],
    ['inTransport', 'return', 'changed', null],
    ['toCancel', 'inTransport', 'changed', null],
    ['inTransport', 'inTransport', 'alreadyScanned', MESSAGES.packageScannedEarlier],
    ['delivered', 'delivered', 'alreadyScanned', MESSAGES.packageScannedEarlier],
    ['delivered', 'inTransport', 'refused', MESSAGES.scanParcelFinal],
    ['delivered', 'return', 'refused', MESSAGES.scanParcelFinal],
    ['canceled', 'inTransport', 'refused', MESSAGES.scanParcelFinal],
    ['inTransport', 'new', 'refused', MESSAGES.scanStatusNotSettable],
    ['inTransport', 'toCancel', 'refused', MESSAGES.scanStatusNotSettable],
    ['inTransport', 'canceled', 'refused', MESSAGES.scanStatusNotSettable],
    ['new', 'new', 'refused', MESSAGES.scanStatusNotSettable],
  ])('%s scanned into %s: %s', (from, to, outcome, message) => {
    expect(scanOutcomeOf(from, to)).toEqual({ outcome, message });
  });

  it('a status the status map marks terminal takes no change either', () => {
    const terminal = (s: ParcelStatus) => s === 'inPudo';
    expect(scanOutcomeOf('inPudo', 'inTransport', terminal)).toEqual({
      outcome: 'refused',
      message: MESSAGES.scanParcelFinal,
    });
    expect(scanOutcomeOf('pickup', 'inPudo', terminal).outcome).toBe('changed');
  });

  it('every status a scan may set changes a new parcel', () => {
    for (const to of SCAN_STATUSES) expect(scanOutcomeOf('new', to).outcome).toBe('changed');
    expect(PARCEL_STATUSES.filter((s) => !SCAN_STATUSES.includes(s))).toEqual([
      'new',
      'canceled',
      'toCancel',
    ]);
  });
});

describe('normalScannedNumber', () => {
  it.each([
    [' ABC123 ', 'ABC123'],
    ['ab c 12\t3', 'abc123'],
    ['00340434161234567890', '00340434161234567890'],
    ['ABC123\u001d', 'ABC123'],
    ['\u001dABC\r\n', 'ABC'],
  ])('%j reads as %j', (raw, normal) => expect(normalScannedNumber(raw)).toBe(normal));
});
