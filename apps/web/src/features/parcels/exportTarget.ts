import {
  PARCEL_EXPORT_ENTITY,
  contract,
  type ParcelListFiltersInput,
  type ParcelSortField,
  type SortDirection,
} from '@depot/contracts';
import { selectionExportTarget } from '../../ui/export/exportTargets';

/**
 * The parcels list's exports (decisions 0080, 0093): the list's selection, filters and order posted to
 * `/order/selectedOrders` (xlsx) or `/order/exportCSV` (CSV).
 */
export const parcelsExportTarget = selectionExportTarget<
  ParcelListFiltersInput,
  { field: ParcelSortField; direction: SortDirection }
>(PARCEL_EXPORT_ENTITY, 'parcels.export', {
  xlsx: contract.exports.parcelsXlsx,
  csv: contract.exports.parcelsCsv,
});
