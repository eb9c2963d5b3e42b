import { Callout, Card, H2, Intent } from '@blueprintjs/core';
import type { ParcelView } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { RouteResult } from '../../matrices/components/RouteResult';
import { SandboxTag } from '../../../ui/SandboxTag';

/**
 * The parcel's carrier and why (decision 0052): the routing answer stored when it was routed — matrix, the
 * deciding condition (pickup → destination, up to the max weight, carrier) — or why routing found none. When a
 * global carrier change moved the parcel since (decision 0088), that comes first: routing had chosen another
 * carrier, and who replaced it with which, and when.
 */
export function ParcelDetailsRouting(props: { parcel: ParcelView }) {
  const { parcel } = props;
  return (
    <Card className="depot-parcel-section" data-testid="parcel-routing">
      <H2>
        <FormattedMessage id="parcelDetails.section.carrier" />
      </H2>
      <p data-testid="parcel-carrier">
        {parcel.operatorName ? (
          <>
            <FormattedMessage id="parcelDetails.carrier" values={{ operator: parcel.operatorName }} />
            <SandboxTag operatorId={parcel.operatorId} />
          </>
        ) : (
          <FormattedMessage id="parcelDetails.noCarrier" />
        )}
      </p>
      {parcel.isCorrect ? null : (
        <Callout intent={Intent.WARNING} className="depot-parcel-section" data-testid="parcel-incorrect">
          <FormattedMessage id="parcelDetails.incorrect" />
        </Callout>
      )}
      {parcel.routing?.carrierChange ? (
        <Callout intent={Intent.PRIMARY} className="depot-parcel-section" data-testid="parcel-carrier-change">
          <FormattedMessage
            id={
              parcel.routing.carrierChange.changedByName
                ? 'parcelDetails.carrierChangedBy'
                : 'parcelDetails.carrierChanged'
            }
            values={{
              from: parcel.routing.carrierChange.from.name,
              to: parcel.routing.carrierChange.to.name,
              name: parcel.routing.carrierChange.changedByName,
              when: formatDateTime(parcel.routing.carrierChange.changedAt),
            }}
          />
        </Callout>
      ) : null}
      {parcel.routing ? (
        <>
          <RouteResult reply={parcel.routing} />
          <p className="depot-parcel-muted" data-testid="parcel-routed-at">
            <FormattedMessage
              id="parcelDetails.routedAt"
              values={{ when: formatDateTime(parcel.routing.routedAt) }}
            />
          </p>
        </>
      ) : (
        <p data-testid="parcel-not-routed">
          <FormattedMessage id="parcelDetails.notRouted" />
        </p>
      )}
    </Card>
  );
}
