import { contract, EXPORT_LISTS, PARCEL_EXPORT_PATHS } from '@depot/contracts';
import { exportRouteOf } from './useExport';

/** Every path an export target posts to names its route of the contract, with the path's parameters. */
describe('exportRouteOf', () => {
  it.each(Object.values(EXPORT_LISTS))("finds a list's mass export ($path)", ({ path }) => {
    expect(exportRouteOf(`/${path}/mass/action`)).toEqual({
      route: contract.exports.massAction,
      params: { entity: path },
    });
  });

  it('finds the parcels exports, one route per format', () => {
    expect(exportRouteOf(PARCEL_EXPORT_PATHS.xlsx)).toEqual({
      route: contract.exports.parcelsXlsx,
      params: {},
    });
    expect(exportRouteOf(PARCEL_EXPORT_PATHS.csv)).toEqual({
      route: contract.exports.parcelsCsv,
      params: {},
    });
  });

  it('finds the clients export and the export with the action in the path', () => {
    expect(exportRouteOf('/client/exportToXlsx')).toEqual({ route: contract.exports.clients, params: {} });
    expect(exportRouteOf('/matrix/export/selectedRoutingsExportToXls')).toEqual({
      route: contract.exports.exportAction,
      params: { entity: 'matrix', actionName: 'selectedRoutingsExportToXls' },
    });
  });

  it('refuses a path that is no export', () => {
    expect(() => exportRouteOf('/client/get/list')).toThrow('No export route at /client/get/list');
    expect(() => exportRouteOf('//mass/action')).toThrow('No export route');
  });
});
