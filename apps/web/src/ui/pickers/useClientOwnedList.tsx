import { Intent, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ListColumn } from '../list/DenseList';
import { YesNoFilter } from '../list/ListFilters';
import { yesNoFilter, type YesNo } from '../list/listHelpers';
import { ClientFilter, useClientScopedList } from './ClientFilter';

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
  list: 'apiKeys' | 'integrations';
  messages: 'apiKeys' | 'integrations';
  testIds: { list: string; row: string };
}) {
  const { staff, room, client, setClient } = useClientScopedList(kind.list);
  const [active, setActive] = useState<YesNo>('');
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
  const filterControls = (
    <>
      <YesNoFilter
        value={active}
        onChange={setActive}
        anyId={`${m}.anyState`}
        yesId={`${m}.activeOnly`}
        noId={`${m}.inactiveOnly`}
        ariaLabelId={`${m}.field.active`}
        testId={`${kind.testIds.list}-filter-active`}
      />
      {staff ? (
        <ClientFilter
          value={client}
          onChange={setClient}
          clearLabelId={`${m}.allClients`}
          testId={`${kind.testIds.list}-filter-client`}
        />
      ) : null}
    </>
  );
  return {
    staff,
    room,
    client,
    /** The filters every such list sends: the state and, for staff, the client. */
    ownedFilters: { active: yesNoFilter(active), clientId: client?.id },
    clientColumn,
    activeColumn,
    filterControls,
  };
}
