import { parcelListRequestSchema } from '@depot/contracts';
import { listViewFromQuery } from '@depot/domain';
import {
  dateRangeValid,
  effectiveDateRange,
  initialParcelFilters,
  parcelFilterValues,
  parcelListFilters,
  parcelsListDefaults,
  parcelsListHref,
} from './useParcelsListFilters';

// 31 December 2025, 23:30 UTC is already 1 January 2026 in Warsaw.
const NEW_YEAR_IN_WARSAW = new Date('2025-12-31T23:30:00Z');
const SUMMER = new Date('2026-07-15T10:00:00Z');

describe('parcels list filters', () => {
  it('open on the current Warsaw year, nothing else set', () => {
    expect(initialParcelFilters(SUMMER)).toEqual({
      statuses: [],
      orderType: '',
      source: '',
      client: null,
      operatorId: '',
      incorrect: false,
      pickupCountry: '',
      destinationCountry: '',
      dateFrom: '2026-01-01',
      dateTo: '2026-12-31',
    });
    expect(initialParcelFilters(NEW_YEAR_IN_WARSAW).dateFrom).toBe('2026-01-01');
  });

  it('send only what is set, with the date range', () => {
    expect(parcelListFilters(initialParcelFilters(SUMMER), undefined, SUMMER)).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-12-31',
    });
  });

  it('send every filter set, single choices as one-element sets', () => {
    const f = parcelListFilters(
      {
        statuses: ['new', 'delivered'],
        orderType: 'domestic',
        source: 'api',
        client: { id: 'c1', name: 'Shop' },
        operatorId: 'o1',
        incorrect: true,
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        dateFrom: '2026-03-01',
        dateTo: '2026-03-31',
      },
      'DEM00',
      SUMMER,
    );
    expect(f).toEqual({
      search: 'DEM00',
      statuses: ['new', 'delivered'],
      orderTypes: ['domestic'],
      sources: ['api'],
      clientId: 'c1',
      operatorId: 'o1',
      incorrect: true,
      pickupCountry: 'PL',
      destinationCountry: 'DE',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
  });

  it('read a blank date as that end of the current year', () => {
    expect(effectiveDateRange({ dateFrom: '', dateTo: '2026-05-01' }, SUMMER)).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-05-01',
    });
    expect(effectiveDateRange({ dateFrom: '2025-05-01', dateTo: '' }, SUMMER)).toEqual({
      dateFrom: '2025-05-01',
      dateTo: '2026-12-31',
    });
  });

  it('refuse a range whose start is after its end', () => {
    expect(dateRangeValid({ dateFrom: '2026-05-02', dateTo: '2026-05-01' }, SUMMER)).toBe(false);
    expect(dateRangeValid({ dateFrom: '2026-05-01', dateTo: '2026-05-01' }, SUMMER)).toBe(true);
    expect(dateRangeValid({ dateFrom: '', dateTo: '2025-12-31' }, SUMMER)).toBe(false);
  });

  it('a link sets statuses, "cannot be routed" and days in the list\'s own URL form, and the list opens with them', () => {
    const href = parcelsListHref(
      { statuses: ['new', 'problem'], incorrect: true, dateFrom: '2026-07-15', dateTo: '2026-07-15' },
      SUMMER,
    );
    expect(href).toBe(
      '/orders?statuses=new&statuses=problem&incorrect=true&dateFrom=2026-07-15&dateTo=2026-07-15',
    );
    // What the list reads of that address (useListView, decision 0122), as the filters on screen.
    const opened = listViewFromQuery(
      new URL(href, 'http://depot').searchParams.entries(),
      parcelListRequestSchema,
      parcelsListDefaults(SUMMER),
    );
    expect(opened.orderBy).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parcelFilterValues(opened.filters, SUMMER)).toEqual({
      ...initialParcelFilters(SUMMER),
      statuses: ['new', 'problem'],
      incorrect: true,
      dateFrom: '2026-07-15',
      dateTo: '2026-07-15',
    });
    expect(parcelsListHref({}, SUMMER)).toBe('/orders');
  });
});
