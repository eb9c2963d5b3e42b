import { parcelListRequestSchema, rooms } from '@depot/contracts';
import { parcelsListSpec, selectedCount, selectedCountIsLowerBound } from '@depot/domain';
import { ListPageHeader } from '../../../ui/ListPageHeader';
import { ExportMenu } from '../../../ui/export/ExportMenu';
import { DenseList } from '../../../ui/list/DenseList';
import { useListPage } from '../../../ui/list/useListPage';
import { parcelsApi } from '../api';
import { parcelsExportTarget } from '../exportTarget';
import { ParcelFilters } from '../components/ParcelFilters';
import { ParcelsMassActions } from '../components/ParcelsMassActions';
import { ParcelsMassActionsProgress } from '../components/ParcelsMassActionsProgress';
import { useParcelsListColumns } from '../hooks/useParcelsListColumns';
import { parcelsListDefaults, useParcelsListFilters } from '../hooks/useParcelsListFilters';
import { useParcelsListMassActions } from '../hooks/useParcelsListMassActions';
import { useRefreshStatuses, useSendToCarrier } from '../hooks/useRefreshStatuses';
import { SelectionJobProgress } from '../components/SelectionJobProgress';
import { REFRESH_MESSAGES, SEND_MESSAGES } from '../components/selectionJobMessages';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '../../../session/session';
import { ordersBlocked } from '../ordersBlocked';

/**
 * `/orders`: the live parcels list (decision 0070). Staff see every client's parcels and follow `list:parcels`; a
 * client user sees its own client's only and follows its own part of the list (decision 0041). Mass actions on
 * the selection: print labels, delete/cancel (decision 0072); the header's export menu (decision 0093). "New parcel"
 * is not offered while ordering is blocked (decision 0115).
 */
export function ParcelsListPage() {
  const me = useAtomValue(currentUserAtom);
  const staff = !me?.clientId;
  const page = useListPage({
    titleId: 'parcels.title',
    entity: 'parcels',
    livePermission: 'parcels.read',
    room: staff ? undefined : rooms.clientList('parcels', me?.clientId ?? ''),
    request: parcelListRequestSchema,
    initialOrder: parcelsListDefaults().orderBy,
    initialFilters: parcelsListDefaults().filters,
    fetchPage: ({ cursor, filters: f, orderBy: o, limit }) =>
      parcelsApi.list({ cursor, limit, filters: f, orderBy: o }),
    ...parcelsListSpec,
  });
  const { list, can, search, setSearch, sortProps } = page;
  const filters = useParcelsListFilters(page.filters, page.replaceFilters);
  const actions = useParcelsListMassActions(() => {
    list.dispatch({ type: 'clearSelection' });
    list.reload();
  });
  const refresh = useRefreshStatuses(() => list.reload());
  const send = useSendToCarrier(() => list.reload());
  const columns = useParcelsListColumns(staff);

  return (
    <div className="depot-page depot-page-fill" data-testid="page-parcels">
      <ListPageHeader
        titleId="parcels.title"
        createLabelId="parcels.create"
        createPath="/orders/create"
        canCreate={can('parcels.create') && !ordersBlocked(me)}
        testId="parcels-create"
        actions={
          <ExportMenu target={parcelsExportTarget} selection={list.massSelection} total={list.state.total} />
        }
      />
      <ParcelsMassActionsProgress job={actions.job} onDismiss={actions.dismissJob} />
      <SelectionJobProgress
        job={refresh.job}
        onDismiss={refresh.dismiss}
        testId="parcels-refresh"
        messages={REFRESH_MESSAGES}
        warn={(r) => r.unanswered > 0}
      />
      <SelectionJobProgress
        job={send.job}
        onDismiss={send.dismiss}
        testId="parcels-send"
        messages={SEND_MESSAGES}
        warn={(r) => r.unanswered > 0 || r.rejected > 0}
      />
      <DenseList
        testId="parcels-list"
        list={list}
        columns={columns}
        {...sortProps}
        rowHref={(p) => `/orders/edit/${p.id}`}
        selectionActions={
          <ParcelsMassActions
            actions={actions}
            refresh={refresh}
            send={send}
            selection={list.massSelection}
            count={selectedCount(list.state.selection, list.state.total)}
            countIsLowerBound={selectedCountIsLowerBound(list.state.selection, list.state.totalCapped)}
          />
        }
        filters={
          <ParcelFilters
            values={filters.values}
            onChange={filters.setValues}
            onReset={filters.reset}
            search={search}
            onSearch={setSearch}
            staff={staff}
            showCarrier={can('matrices.read')}
            rangeValid={filters.rangeValid}
          />
        }
      />
    </div>
  );
}
