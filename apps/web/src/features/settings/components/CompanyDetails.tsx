import { Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import type { CurrentClientView } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';

type Detail = [key: string, labelId: string, value: string | null];

const CARD_STYLE = { marginBottom: 12 } as const;

/** What the client may see but not change on its settings screen (the broker keeps these). */
export function CompanyDetails({ client }: { client: CurrentClientView }) {
  const details: Detail[] = [
    ['name', 'clients.field.companyName', client.name],
    ['clientName', 'clients.field.clientName', client.clientName],
    ['shortName', 'clients.field.shortName', client.shortName],
    ['vatId', 'clients.field.vatId', client.vatId],
    ['prefix', 'clients.field.uniquePrefix', client.prefix],
    ['country', 'clients.field.country', client.country],
    ['currency', 'clients.field.currency', client.currency],
    ['iban', 'clients.field.iban', client.bankAccount.iban],
  ];
  return (
    <Card style={CARD_STYLE} data-testid="settings-section-company">
      <H2>
        <FormattedMessage id="settings.section.company" />
      </H2>
      <p className="bp6-text-muted">
        <FormattedMessage id="settings.companyHint" />
      </p>
      <div className="depot-form-grid">
        {details.map(([key, labelId, value]) => (
          <FormGroup key={key} label={<FormattedMessage id={labelId} />} labelFor={`settings-company-${key}`}>
            <InputGroup
              id={`settings-company-${key}`}
              value={value ?? ''}
              readOnly
              data-testid={`settings-company-${key}`}
            />
          </FormGroup>
        ))}
      </div>
    </Card>
  );
}
