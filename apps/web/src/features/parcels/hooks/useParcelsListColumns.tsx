import { Intent, Tag } from '@blueprintjs/core';
import type { ParcelListItem, ParcelStatus } from '@depot/contracts';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Decimal, formatDate } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/DenseList';
import { shownColumns } from '../../../ui/list/listHelpers';

/** The colour of a status (decision 0070): done green, on its way blue, needs a look amber, cancelled red. */
export function parcelStatusIntent(status: ParcelStatus): Intent {
  switch (status) {
    case 'new':
      return Intent.NONE;
    case 'delivered':
      return Intent.SUCCESS;
    case 'problem':
    case 'unknown':
    case 'return':
    case 'info':
      return Intent.WARNING;
    case 'canceled':
    case 'toCancel':
      return Intent.DANGER;
    default:
      return Intent.PRIMARY;
  }
}

/** A parcel's status as a coloured tag, translated (`parcels.status.<code>`). */
export function ParcelStatusTag(props: { status: ParcelStatus }) {
  return (
    <Tag
      minimal
      intent={parcelStatusIntent(props.status)}
      data-testid="parcel-status"
      data-status={props.status}
    >
      <FormattedMessage id={`parcels.status.${props.status}`} />
    </Tag>
  );
}

const money = (amount: string | null, currency: string | null) =>
  amount === null ? null : (
    <>
      <Decimal value={amount} /> {currency ?? ''}
    </>
  );

/** The parcels list's columns; the client column for staff only (a client user sees its own parcels). */
export function useParcelsListColumns(staff: boolean): ListColumn<ParcelListItem>[] {
  return useMemo(
    () =>
      shownColumns<ListColumn<ParcelListItem>>([
        {
          id: 'internalNumber',
          titleId: 'parcels.field.internalNumber',
          width: 150,
          sortField: 'internalNumber',
          render: (p) => <span className="depot-monospace">{p.internalNumber}</span>,
        },
        {
          id: 'externalNumber',
          titleId: 'parcels.field.externalNumber',
          width: 140,
          render: (p) => p.externalNumber,
        },
        {
          id: 'referenceNumber',
          titleId: 'parcels.field.referenceNumber',
          width: 130,
          render: (p) => p.referenceNumber,
        },
        staff && { id: 'client', titleId: 'field.client', width: 160, render: (p) => p.clientName },
        {
          id: 'carrier',
          titleId: 'parcels.field.carrier',
          width: 120,
          render: (p) =>
            p.operatorName ?? (
              <Tag minimal intent={Intent.WARNING}>
                <FormattedMessage id="parcels.noCarrier" />
              </Tag>
            ),
        },
        {
          id: 'status',
          titleId: 'parcels.field.status',
          width: 120,
          sortField: 'status',
          render: (p) => <ParcelStatusTag status={p.status} />,
        },
        {
          id: 'orderType',
          titleId: 'parcels.field.orderType',
          width: 110,
          render: (p) => <FormattedMessage id={`parcels.orderType.${p.orderType}`} />,
        },
        {
          id: 'source',
          titleId: 'parcels.field.source',
          width: 90,
          render: (p) => <FormattedMessage id={`parcels.source.${p.source}`} />,
        },
        {
          id: 'route',
          titleId: 'parcels.field.route',
          width: 80,
          render: (p) => `${p.pickupCountry} → ${p.destinationCountry}`,
        },
        {
          id: 'weightKg',
          titleId: 'parcels.field.weightKg',
          width: 80,
          sortField: 'weightKg',
          render: (p) => <Decimal value={p.weightKg} />,
        },
        {
          id: 'packageCount',
          titleId: 'parcels.field.packageCount',
          width: 70,
          render: (p) => <Decimal value={p.packageCount} />,
        },
        {
          id: 'cod',
          titleId: 'parcels.field.cod',
          width: 100,
          render: (p) => money(p.codAmount, p.codCurrency),
        },
        {
          id: 'createdAt',
          titleId: 'field.createdAt',
          width: 100,
          sortField: 'createdAt',
          render: (p) => formatDate(p.createdAt),
        },
      ]),
    [staff],
  );
}
