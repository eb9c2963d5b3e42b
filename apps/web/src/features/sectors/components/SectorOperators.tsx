import { Button, Card, FormGroup, H2, HTMLSelect, Intent } from '@blueprintjs/core';
import { contract, type SectorOperator } from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { MemberTable } from '../../../ui/MemberTable';
import { Tag } from '../../../ui/Tag';

/** The carriers of a sector (each can be unmapped) and the picker that maps one more. */
export function SectorOperators(props: {
  operators: SectorOperator[];
  busy: boolean;
  onMap: (operator: SectorOperator) => void;
  onUnmap: (operator: SectorOperator) => void;
}) {
  const intl = useIntl();
  const options = useRouteQuery(contract.sectors.operators);
  const [picked, setPicked] = useState('');
  const mapped = new Set(props.operators.map((o) => o.id));
  const offered = (options.data ?? []).filter((o) => !mapped.has(o.id));
  const inactive = intl.formatMessage({ id: 'sectors.inactive' });
  const choice = offered.find((o) => o.id === picked);
  return (
    <Card data-testid="sector-operators" style={{ marginBottom: 12 }}>
      <H2>
        <FormattedMessage id="sectors.operators" />
      </H2>
      <p className="bp6-text-muted bp6-text-small">
        <FormattedMessage id="sectors.mapHint" />
      </p>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <FormGroup
          label={<FormattedMessage id="sectors.pickOperator" />}
          labelFor="sector-operator-pick"
          style={{ flex: 1, marginBottom: 0 }}
        >
          <HTMLSelect
            id="sector-operator-pick"
            fill
            value={picked}
            onChange={(e) => setPicked(e.currentTarget.value)}
            data-testid="sector-operator-pick"
            disabled={props.busy}
            options={[
              { value: '', label: intl.formatMessage({ id: 'sectors.chooseOperator' }) },
              ...offered.map((o) => ({
                value: o.id,
                label: o.active ? `${o.name} (${o.type})` : `${o.name} (${o.type}, ${inactive})`,
              })),
            ]}
          />
        </FormGroup>
        <Button
          intent={Intent.PRIMARY}
          icon="link"
          disabled={props.busy || !choice}
          onClick={() => {
            if (!choice) return;
            setPicked('');
            props.onMap(choice);
          }}
          data-testid="sector-operator-map"
        >
          <FormattedMessage id="sectors.map" />
        </Button>
      </div>
      <MemberTable
        rows={props.operators}
        columns={[
          {
            titleId: 'operators.field.operatorName',
            testId: 'sector-operator-name',
            render: (o) => (
              <>
                {o.name}{' '}
                {o.active ? null : (
                  <Tag minimal intent={Intent.WARNING}>
                    {inactive}
                  </Tag>
                )}
              </>
            ),
          },
          { titleId: 'operators.field.operatorType', render: (o) => o.type },
        ]}
        emptyId="sectors.noOperators"
        emptyTestId="sector-no-operators"
        rowTestId="sector-operator"
        removeId="sectors.unmap"
        removeTestId="sector-operator-unmap"
        busy={props.busy}
        onRemove={props.onUnmap}
      />
    </Card>
  );
}
