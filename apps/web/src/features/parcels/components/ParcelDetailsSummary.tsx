import { Card, H2 } from '@blueprintjs/core';
import type { ParcelView } from '@depot/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { CopyableText } from '../../../ui/CopyableText';
import { Decimal, formatDateTime } from '../../../ui/format';
import { Tag } from '../../../ui/Tag';

const NUMBERS = [
  'internalNumber',
  'referenceNumber',
  'externalNumber',
  'firstMileNumber',
  'lastMileNumber',
  'alternativeNumber',
  'barcode',
] as const;

/** The parcel at a glance: status, client, type, source, its numbers, dates, and the return it is or has. */
export function ParcelDetailsSummary(props: { parcel: ParcelView }) {
  const { parcel } = props;
  const row = (labelId: string, value: ReactNode, testId: string) => (
    <tr key={testId}>
      <th>
        <FormattedMessage id={labelId} />
      </th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  // The carrier's real and dimensional weights (decision 0151) beside the declared one, once a file named them.
  const kg = (value: string) => (
    <FormattedMessage id="parcelDetails.kg" values={{ value: <Decimal value={value} /> }} />
  );
  return (
    <Card className="depot-parcel-section" data-testid="parcel-summary">
      <H2>
        <FormattedMessage id="parcelDetails.section.summary" />
      </H2>
      <table className="depot-parcel-facts">
        <tbody>
          {row(
            'parcelDetails.status',
            <Tag minimal data-status={parcel.status}>
              <FormattedMessage id={`parcels.status.${parcel.status}`} />
            </Tag>,
            'parcel-status',
          )}
          {row('parcelDetails.client', parcel.clientName, 'parcel-client-name')}
          {row(
            'parcelForm.field.orderType',
            <FormattedMessage id={`parcels.orderType.${parcel.orderType}`} />,
            'parcel-order-type',
          )}
          {row(
            'parcelDetails.source',
            <FormattedMessage id={`parcels.source.${parcel.source}`} />,
            'parcel-source',
          )}
          {NUMBERS.map((n) =>
            row(
              `parcelDetails.number.${n}`,
              parcel[n] ? <CopyableText value={parcel[n]} wrap /> : '—',
              `parcel-number-${n}`,
            ),
          )}
          {row('parcelDetails.createdAt', when(parcel.createdAt), 'parcel-created-at')}
          {row('parcelDetails.updatedAt', when(parcel.updatedAt), 'parcel-updated-at')}
          {row('parcelDetails.firstScanAt', when(parcel.firstScanAt), 'parcel-first-scan')}
          {row('parcelDetails.deliveryDate', when(parcel.deliveryDate), 'parcel-delivery-date')}
          {parcel.realWeightKg !== null ? (
            <>
              {row('parcelDetails.declaredWeight', kg(parcel.weightKg), 'parcel-declared-weight')}
              {row('parcelDetails.realWeight', kg(parcel.realWeightKg), 'parcel-real-weight')}
              {parcel.dimensionalWeightKg !== null
                ? row(
                    'parcelDetails.dimensionalWeight',
                    kg(parcel.dimensionalWeightKg),
                    'parcel-dimensional-weight',
                  )
                : null}
            </>
          ) : null}
          {parcel.returnOfId
            ? row(
                'parcelDetails.returnOf',
                <Link to={`/orders/edit/${parcel.returnOfId}`}>
                  <FormattedMessage id="parcelDetails.open" />
                </Link>,
                'parcel-return-of',
              )
            : null}
          {parcel.returnParcelId
            ? row(
                'parcelDetails.returnParcel',
                <Link to={`/orders/edit/${parcel.returnParcelId}`}>
                  <FormattedMessage id="parcelDetails.open" />
                </Link>,
                'parcel-return-parcel',
              )
            : null}
        </tbody>
      </table>
    </Card>
  );
}
