import {
  sectorListQuerySchema,
  type CountryCode,
  type SectorListItem,
  type SectorSortField,
} from '@depot/contracts';
import { sectorsListSpec, type SectorListFilters } from '@depot/domain';
import { useIntl } from 'react-intl';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { flatQueryRequest, type ListOrder } from '../../../ui/list/listHelpers';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { SearchFilter } from '../../../ui/list/ListFilters';
import { useListPage } from '../../../ui/list/useListPage';
import { formatDate } from '../../../ui/format';
import { CountrySelect } from '../../matrices/components/CountrySelect';
import { sectorsApi } from '../api';
import { useCountryLabel } from '../useSectorNotices';

type OrderBy = ListOrder<SectorSortField>;

const SECTOR_LIST_REQUEST = flatQueryRequest(sectorListQuerySchema);

/** /administration/sectors: the live list of sectors with their carriers. */
export function SectorsListPage() {
  const intl = useIntl();
  const countryLabel = useCountryLabel();
  const { list, can, search, setSearch, sortProps, filters, setFilter } = useListPage({
    titleId: 'sectors.title',
    entity: 'sectors',
    livePermission: 'sectors.read',
    initialOrder: { field: 'sectorCountry', direction: 'asc' } as OrderBy,
    request: SECTOR_LIST_REQUEST,
    initialFilters: {} as SectorListFilters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      sectorsApi.list({
        search: f.search,
        sectorCountry: f.sectorCountry as CountryCode | undefined,
        sort: o.field,
        direction: o.direction,
        cursor: cursor ?? undefined,
        limit,
      }),
    ...sectorsListSpec,
  });

  const columns: ListColumn<SectorListItem>[] = [
    {
      id: 'sectorCountry',
      titleId: 'sectors.field.sectorCountry',
      width: 190,
      sortField: 'sectorCountry',
      render: (s) => countryLabel(s.sectorCountry),
    },
    {
      id: 'sectorDescription',
      titleId: 'sectors.field.sectorDescription',
      width: 240,
      sortField: 'sectorDescription',
      render: (s) => s.sectorDescription,
    },
    {
      id: 'operators',
      titleId: 'sectors.field.operators',
      width: 300,
      render: (s) => s.operators.map((o) => o.name).join(', '),
    },
    {
      id: 'createdAt',
      titleId: 'field.createdAt',
      width: 110,
      sortField: 'createdAt',
      render: (s) => formatDate(s.createdAt),
    },
  ];

  return (
    <div className="depot-page depot-page-fill" data-testid="page-sectors">
      <ListPageHeader
        titleId="sectors.title"
        createLabelId="sectors.create"
        createPath="/administration/sectors/create"
        canCreate={can('sectors.write')}
        testId="sectors-create"
      />
      <DenseList
        testId="sectors-list"
        list={list}
        columns={columns}
        {...sortProps}
        rowHref={can('sectors.write') ? (s) => `/administration/sectors/map/${s.id}` : undefined}
        filters={
          <>
            <SearchFilter
              value={search}
              onChange={setSearch}
              placeholderId="sectors.search"
              testId="sectors-search"
            />
            <div style={{ minWidth: 200 }}>
              <CountrySelect
                value={filters.sectorCountry ?? ''}
                onChange={(c) => setFilter({ sectorCountry: (c || undefined) as CountryCode | undefined })}
                anyLabelId="sectors.anyCountry"
                ariaLabel={intl.formatMessage({ id: 'sectors.field.sectorCountry' })}
                testId="sectors-filter-country"
              />
            </div>
          </>
        }
      />
    </div>
  );
}
