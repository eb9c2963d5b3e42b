import { Callout, Intent } from '@blueprintjs/core';
import type { MatrixConditionView, RouteTestReply } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDecimal } from '../../../ui/format';

/** "PL → any, up to 30 kg": a condition in words. */
function useConditionText() {
  const intl = useIntl();
  return (c: MatrixConditionView) =>
    intl.formatMessage(
      { id: 'matrices.test.conditionText' },
      {
        row: c.position,
        pickup: c.pickupCountry ?? intl.formatMessage({ id: 'matrices.anyCountry' }),
        destination: c.destinationCountry ?? intl.formatMessage({ id: 'matrices.anyCountry' }),
        max: formatDecimal(intl, c.maxWeightKg),
      },
    );
}

/** The route tester's answer: the carrier and the condition that explains it, or why there is none. */
export function RouteResult(props: { reply: RouteTestReply }) {
  const { reply } = props;
  const intl = useIntl();
  const conditionText = useConditionText();
  const notes = (
    <>
      {reply.clientMatrixMissing ? (
        <p data-testid="route-client-matrix-missing">
          <FormattedMessage
            id="matrices.test.clientMatrixMissing"
            values={{ title: reply.clientMatrixTitle ?? '' }}
          />
        </p>
      ) : null}
      {'skipped' in reply && reply.skipped.length > 0 ? (
        <ul data-testid="route-skipped">
          {reply.skipped.map((s) => (
            <li key={`${s.matrix.id}-${s.condition.id}`}>
              <FormattedMessage
                id={s.cause === 'inactive' ? 'matrices.test.skippedInactive' : 'matrices.test.skippedUnknown'}
                values={{
                  operator: s.condition.operatorName,
                  matrix: s.matrix.name,
                  condition: conditionText(s.condition),
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );

  if (reply.ok) {
    return (
      <Callout intent={Intent.SUCCESS} icon="route" data-testid="route-result" data-outcome="ok">
        <p data-testid="route-operator">
          <FormattedMessage
            id="matrices.test.match"
            values={{
              operator: reply.operator.name,
              matrix: reply.matrix.name,
              condition: conditionText(reply.condition),
            }}
          />
        </p>
        {reply.fallback ? (
          <p>
            <FormattedMessage id="matrices.test.fallback" />
          </p>
        ) : null}
        {notes}
      </Callout>
    );
  }
  switch (reply.reason) {
    case 'noMatch':
      return (
        <Callout
          intent={Intent.WARNING}
          icon="warning-sign"
          data-testid="route-result"
          data-outcome="noMatch"
        >
          <p>
            <FormattedMessage
              id={reply.searchedMatrices.length ? 'matrices.test.noMatch' : 'matrices.test.noMatrix'}
              values={{ names: reply.searchedMatrices.map((m) => m.name).join(', ') }}
            />
          </p>
          {notes}
        </Callout>
      );
    case 'operatorInactive':
      return (
        <Callout
          intent={Intent.WARNING}
          icon="warning-sign"
          data-testid="route-result"
          data-outcome="operatorInactive"
        >
          <p>
            <FormattedMessage id="matrices.test.allInactive" />
          </p>
          {notes}
        </Callout>
      );
    case 'overWeight':
      return (
        <Callout intent={Intent.DANGER} icon="error" data-testid="route-result" data-outcome="overWeight">
          <p>
            <FormattedMessage
              id="matrices.test.overWeight"
              values={{
                operator: reply.operator.name,
                matrix: reply.matrix.name,
                condition: conditionText(reply.condition),
                limit: formatDecimal(intl, reply.limitKg),
                weight: formatDecimal(intl, reply.weightKg),
              }}
            />
          </p>
          {notes}
        </Callout>
      );
  }
}
