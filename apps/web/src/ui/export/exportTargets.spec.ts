import { contract, EXPORT_LISTS } from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { parcelsExportTarget } from '../../features/parcels/exportTarget';
import { everythingOf, listExportTarget, selectionBody, selectionExportTarget } from './exportTargets';

type Sel = MassSelection<
  { statuses?: string[]; search?: string },
  { field: string; direction: 'asc' | 'desc' }
>;

const filters = { statuses: ['new'], search: 'ACME' };
const orderBy = { field: 'createdAt', direction: 'desc' } as const;
const picked: Sel = { selectedAll: false, ids: ['a', 'b'], exceptId: ['stale'], filters, orderBy };
const allBut: Sel = { selectedAll: true, ids: ['stale'], exceptId: ['c'], filters, orderBy };

describe('selectionBody', () => {
  it('sends picked rows with the list filters and order, and no exceptions', () => {
    expect(selectionBody(picked)).toEqual({
      selectedAll: false,
      ids: ['a', 'b'],
      exceptId: [],
      filters,
      orderBy,
    });
  });

  it('sends select-all with its exceptions, and no picked ids', () => {
    expect(selectionBody(allBut)).toEqual({ selectedAll: true, ids: [], exceptId: ['c'], filters, orderBy });
  });

  it('copies the id lists (the list may change them while the request is out)', () => {
    const body = selectionBody(picked);
    expect(body.ids).not.toBe(picked.ids);
  });
});

describe('everythingOf', () => {
  it.each([picked, allBut])('is select-all under the same filters and order, without exceptions', (sel) => {
    expect(everythingOf(sel)).toEqual({ selectedAll: true, ids: [], exceptId: [], filters, orderBy });
  });
});

describe('listExportTarget (admin lists)', () => {
  it('posts the mass action with its actionName, in xlsx only', () => {
    const target = listExportTarget('clients');
    expect(target.formats).toEqual(['xlsx']);
    expect(target.permission).toBe(EXPORT_LISTS.clients.permission);
    expect(target.request(picked, 'xlsx')).toEqual({
      route: contract.exports.massAction,
      params: { entity: 'client' },
      body: { actionName: 'selectedClientsExportToXls', ...picked },
    });
    expect(contract.exports.massAction['~orpc'].route.path).toBe('/{entity}/mass/action');
  });
});

describe('the parcels export', () => {
  it('offers xlsx and CSV with the parcels export permission', () => {
    expect(parcelsExportTarget.formats).toEqual(['xlsx', 'csv']);
    expect(parcelsExportTarget.permission).toBe('parcels.export');
    expect(parcelsExportTarget.name).toBe('parcels');
  });

  it.each([
    ['xlsx', '/order/selectedOrders'],
    ['csv', '/order/exportCSV'],
  ] as const)('%s goes to %s with the selection', (format, path) => {
    const sel = allBut as unknown as Parameters<typeof parcelsExportTarget.request>[0];
    const request = parcelsExportTarget.request(sel, format);
    expect(request.route['~orpc'].route).toMatchObject({ method: 'POST', path });
    expect(request).toEqual({
      route: format === 'xlsx' ? contract.exports.parcelsXlsx : contract.exports.parcelsCsv,
      body: { selectedAll: true, ids: [], exceptId: ['c'], filters, orderBy },
    });
    expect(parcelsExportTarget.request(everythingOf(sel), format).body).toEqual({
      selectedAll: true,
      ids: [],
      exceptId: [],
      filters,
      orderBy,
    });
  });

  it('refuses a format it does not offer', () => {
    const xlsxOnly = selectionExportTarget<unknown, unknown>('things', 'parcels.export', {
      xlsx: contract.exports.parcelsXlsx,
    });
    expect(xlsxOnly.formats).toEqual(['xlsx']);
    expect(() => xlsxOnly.request(picked, 'csv')).toThrow('things does not export to csv');
  });
});
