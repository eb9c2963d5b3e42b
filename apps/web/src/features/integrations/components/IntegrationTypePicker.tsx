import { Button, Callout, Intent } from '@blueprintjs/core';
import { INTEGRATION_TYPES, type IntegrationType } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { integrationTypeHintId, integrationTypeId } from '../integrationTypes';

/** The first step of a new integration (SPEC §5: choose the integration type before the form). */
export function IntegrationTypePicker(props: {
  value: IntegrationType | null;
  onPick: (type: IntegrationType) => void;
}) {
  const intl = useIntl();
  return (
    <div data-testid="integration-type-step">
      <Callout intent={Intent.PRIMARY} icon="info-sign">
        <FormattedMessage id="integrations.chooseType" />
      </Callout>
      <div
        className="depot-type-choices"
        role="group"
        aria-label={intl.formatMessage({ id: 'integrations.chooseType' })}
      >
        {INTEGRATION_TYPES.map((type) => (
          <Button
            key={type}
            large
            alignText="left"
            className="depot-type-choice"
            intent={props.value === type ? Intent.PRIMARY : Intent.NONE}
            icon="shop"
            onClick={() => props.onPick(type)}
            data-testid={`integration-type-${type}`}
          >
            <strong>
              <FormattedMessage id={integrationTypeId(type)} />
            </strong>
            <br />
            <small>
              <FormattedMessage id={integrationTypeHintId(type)} />
            </small>
          </Button>
        ))}
      </div>
    </div>
  );
}
