import { Intent } from '@blueprintjs/core';
import type { UserView } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import type { ListColumn } from '../../ui/list/DenseList';
import { formatDate } from '../../ui/format';
import { Tag } from '../../ui/Tag';

/** The columns of a users list: the users screen shows them all, a client's page its logins without role and client. */
export const USER_COLUMNS = {
  lastName: {
    id: 'lastName',
    titleId: 'field.lastName',
    width: 160,
    sortField: 'lastName',
    render: (u) => u.lastName,
  },
  firstName: {
    id: 'firstName',
    titleId: 'field.firstName',
    width: 140,
    sortField: 'firstName',
    render: (u) => u.firstName,
  },
  email: { id: 'email', titleId: 'field.email', width: 240, sortField: 'email', render: (u) => u.email },
  role: {
    id: 'role',
    titleId: 'field.role',
    width: 120,
    sortField: 'role',
    render: (u) => <FormattedMessage id={`role.${u.role}`} />,
  },
  /** A client user's client (staff belong to none). */
  client: { id: 'client', titleId: 'field.client', width: 180, render: (u) => u.clientName ?? '' },
  lang: {
    id: 'lang',
    titleId: 'field.language',
    width: 90,
    render: (u) => <FormattedMessage id={`language.${u.lang}`} />,
  },
  active: {
    id: 'active',
    titleId: 'field.active',
    width: 90,
    render: (u) => (
      <Tag minimal intent={u.active ? Intent.SUCCESS : Intent.NONE}>
        <FormattedMessage id={u.active ? 'common.yes' : 'common.no'} />
      </Tag>
    ),
  },
  createdAt: {
    id: 'createdAt',
    titleId: 'field.createdAt',
    width: 110,
    sortField: 'createdAt',
    render: (u) => formatDate(u.createdAt),
  },
} satisfies Record<string, ListColumn<UserView>>;
