import { Card, H2, Intent } from '@blueprintjs/core';
import type { ConsolidationListItem, ConsolidationParcel, ConsolidationView } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MemberTable } from '../../../ui/MemberTable';
import { Tag } from '../../../ui/Tag';

/** What a consolidation holds: its parcels and, in a car, the consolidations it carries; each can be taken out. */
export function ConsolidationItems(props: {
  consolidation: ConsolidationView;
  /** Blocked (or its state unknown) or a change is running: nothing can be taken out. */
  locked: boolean;
  canWrite: boolean;
  onRemoveParcel: (p: ConsolidationParcel) => void;
  onRemoveConsolidation: (c: ConsolidationListItem) => void;
}) {
  const intl = useIntl();
  const c = props.consolidation;
  return (
    <>
      <Card data-testid="consolidation-parcels" style={{ marginBottom: 12 }}>
        <H2>
          <FormattedMessage id="consolidations.parcels" />
        </H2>
        <MemberTable
          rows={c.parcels}
          busy={props.locked || !props.canWrite}
          columns={[
            {
              titleId: 'consolidations.field.internalNumber',
              testId: 'consolidation-parcel-number',
              render: (p) => p.internalNumber,
            },
            { titleId: 'consolidations.field.externalNumber', render: (p) => p.externalNumber ?? '' },
            {
              titleId: 'consolidations.field.status',
              render: (p) => intl.formatMessage({ id: `parcels.status.${p.status}` }),
            },
            { titleId: 'consolidations.field.country', render: (p) => p.destinationCountry },
            {
              titleId: 'consolidations.field.operator',
              render: (p) => (
                <>
                  {p.operatorName ?? ''}{' '}
                  {p.isLandmark ? (
                    <Tag minimal intent={Intent.PRIMARY}>
                      <FormattedMessage id="consolidations.kind.landmark" />
                    </Tag>
                  ) : null}
                </>
              ),
            },
          ]}
          emptyId="consolidations.noParcels"
          emptyTestId="consolidation-parcels-empty"
          rowTestId="consolidation-parcel"
          removeId="consolidations.remove"
          removeTestId="consolidation-parcel-remove"
          onRemove={props.onRemoveParcel}
        />
      </Card>
      {c.type === 'car' ? (
        <Card data-testid="consolidation-held" style={{ marginBottom: 12 }}>
          <H2>
            <FormattedMessage id="consolidations.held" />
          </H2>
          <MemberTable
            rows={c.consolidations}
            busy={props.locked || !props.canWrite}
            columns={[
              {
                titleId: 'consolidations.field.barcode',
                testId: 'consolidation-held-barcode',
                render: (h) => (
                  <Link
                    to={`/operatingModule/consolidation/details/${h.id}`}
                    aria-label={intl.formatMessage({ id: 'consolidations.open' }, { number: h.barcode })}
                  >
                    {h.barcode}
                  </Link>
                ),
              },
              {
                titleId: 'consolidations.field.type',
                render: (h) => intl.formatMessage({ id: `consolidations.kind.${h.kind}` }),
              },
              { titleId: 'consolidations.field.parcelCount', render: (h) => h.parcelCount },
            ]}
            emptyId="consolidations.noParcels"
            emptyTestId="consolidation-held-empty"
            rowTestId="consolidation-held-row"
            removeId="consolidations.remove"
            removeTestId="consolidation-held-remove"
            onRemove={props.onRemoveConsolidation}
          />
        </Card>
      ) : null}
    </>
  );
}
