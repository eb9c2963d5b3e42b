import { Intent } from '@blueprintjs/core';
import type { ParcelListItem, ParcelStatus } from '@depot/contracts';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyableText } from '../../../ui/CopyableText';
import { Decimal, formatDate } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/DenseList';
import { shownColumns } from '../../../ui/list/listHelpers';
import { SandboxMark, useSandboxCarriers } from '../../../ui/SandboxTag';
import { Tag } from '../../../ui/Tag';

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
  const intl = useIntl();
  const id = `parcels.status.${props.status}`;
  // A long status name may be cut in a narrow column: its whole name is the tag's title.
  return (
    <Tag
      minimal
      htmlTitle={intl.formatMessage({ id })}
      intent={parcelStatusIntent(props.status)}
      data-testid="parcel-status"
      data-status={props.status}
    >
      <FormattedMessage id={id} />
    </Tag>
  );
}

const money = (amount: string | null, currency: string | null) =>
  amount === null ? null : (
    <>
      <Decimal value={amount} /> {currency ?? ''}
    </>
  );

/**
 * The parcels list's columns; the client column for staff only (a client user sees its own parcels). Weight, COD and
 * created come before the rest, so at 1280 px they are on screen without scrolling (decision 0122); the column
 * chooser hides what a person does not need.
 */
export function useParcelsListColumns(staff: boolean): ListColumn<ParcelListItem>[] {
  const isSandbox = useSandboxCarriers();
  return useMemo(
    () =>
      shownColumns<ListColumn<ParcelListItem>>([
        {
          id: 'internalNumber',
          titleId: 'parcels.field.internalNumber',
          width: 140,
          sortField: 'internalNumber',
          render: (p) => <span className="depot-monospace">{p.internalNumber}</span>,
        },
        {
          id: 'externalNumber',
          titleId: 'parcels.field.externalNumber',
          width: 150,
          interactive: true,
          render: (p) => <CopyableText value={p.externalNumber} testId="parcel-external-number" />,
        },
        staff && { id: 'client', titleId: 'field.client', width: 140, render: (p) => p.clientName },
        {
          id: 'status',
          titleId: 'parcels.field.status',
          width: 110,
          sortField: 'status',
          render: (p) => <ParcelStatusTag status={p.status} />,
        },
        {
          id: 'weightKg',
          titleId: 'parcels.field.weightKg',
          width: 95,
          sortField: 'weightKg',
          render: (p) => <Decimal value={p.weightKg} />,
        },
        {
          id: 'cod',
          titleId: 'parcels.field.cod',
          width: 90,
          render: (p) => money(p.codAmount, p.codCurrency),
        },
        {
          id: 'createdAt',
          titleId: 'field.createdAt',
          width: 90,
          sortField: 'createdAt',
          render: (p) => formatDate(p.createdAt),
        },
        {
          id: 'carrier',
          titleId: 'parcels.field.carrier',
          width: 110,
          render: (p) =>
            p.operatorName ? (
              <>
                {p.operatorName}
                {isSandbox(p.operatorId) ? <SandboxMark /> : null}
              </>
            ) : (
              <Tag minimal intent={Intent.WARNING}>
                <FormattedMessage id="parcels.noCarrier" />
              </Tag>
            ),
        },
        {
          id: 'referenceNumber',
          titleId: 'parcels.field.referenceNumber',
          width: 120,
          render: (p) => p.referenceNumber,
        },
        {
          id: 'orderType',
          titleId: 'parcels.field.orderType',
          width: 100,
          render: (p) => <FormattedMessage id={`parcels.orderType.${p.orderType}`} />,
        },
        {
          id: 'source',
          titleId: 'parcels.field.source',
          width: 80,
          render: (p) => <FormattedMessage id={`parcels.source.${p.source}`} />,
        },
        {
          id: 'route',
          titleId: 'parcels.field.route',
          width: 80,
          render: (p) => `${p.pickupCountry} → ${p.destinationCountry}`,
        },
        {
          id: 'packageCount',
          titleId: 'parcels.field.packageCount',
          width: 60,
          render: (p) => <Decimal value={p.packageCount} />,
        },
      ]),
    [staff, isSandbox],
  );
}
