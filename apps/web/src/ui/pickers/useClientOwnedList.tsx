import { Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ListColumn } from '../list/DenseList';
import { YesNoFilter } from '../list/ListFilters';
import { yesNoFilter, yesNoValue } from '../list/listHelpers';
import { ClientFilter, pickedClient, useClientScopedList } from './ClientFilter';
import { Tag } from '../Tag';

/** A row a client owns, as its list shows it. */
interface OwnedRow {
  clientName: string;
  active: boolean;
}

/**
 * What the lists of rows a client owns share (API keys, integrations; decisions 0041–0043): the client-scoped live
 * list, the active and client filters (the client filter for staff only), and the client and state columns. Texts
 * are the feature's own: `<messages>.state.active`, `<messages>.anyState`, `<messages>.activeOnly`, … and the test
 * ids `<testIds>-filter-active`, `<testIds>-filter-client`, `<testIds.singular>-state`.
 */
export function useClientOwnedList<Row extends OwnedRow>(kind: {
  list: 'apiKeys' | 'integrations' | 'webhooks';
  messages: 'apiKeys' | 'integrations' | 'webhooks';
  testIds: { list: string; row: string };
}) {
  const { staff, room } = useClientScopedList(kind.list);
  const m = kind.messages;
  const rowTestId = kind.testIds.row;

  // The columns keep their identity between renders, so a list's column memo holds.
  const { clientColumn, activeColumn } = useMemo(() => {
    const clientColumn: ListColumn<Row> | false = staff && {
      id: 'client',
      titleId: 'field.client',
      width: 180,
      render: (r) => r.clientName,
    };
    const activeColumn: ListColumn<Row> = {
      id: 'active',
      titleId: `${m}.field.active`,
      width: 90,
      render: (r) => (
        <Tag minimal intent={r.active ? Intent.SUCCESS : Intent.NONE} data-testid={`${rowTestId}-state`}>
          <FormattedMessage id={r.active ? `${m}.state.active` : `${m}.state.inactive`} />
        </Tag>
      ),
    };
    return { clientColumn, activeColumn };
  }, [staff, m, rowTestId]);
  /** The state and (for staff) client filters, over the list's filters kept in the URL (decision 0122). */
  const filterControls = (
    filters: { active?: boolean; clientId?: string },
    setFilter: (patch: { active?: boolean; clientId?: string }) => void,
  ) => (
    <>
      <YesNoFilter
        value={yesNoValue(filters.active)}
        onChange={(v) => setFilter({ active: yesNoFilter(v) })}
        anyId={`${m}.anyState`}
        yesId={`${m}.activeOnly`}
        noId={`${m}.inactiveOnly`}
        ariaLabelId={`${m}.field.active`}
        testId={`${kind.testIds.list}-filter-active`}
      />
      {staff ? (
        <ClientFilter
          value={pickedClient(filters.clientId)}
          onChange={(c) => setFilter({ clientId: c?.id })}
          clearLabelId={`${m}.allClients`}
          testId={`${kind.testIds.list}-filter-client`}
        />
      ) : null}
    </>
  );
  return {
    staff,
    room,
    clientColumn,
    activeColumn,
    filterControls,
  };
}
