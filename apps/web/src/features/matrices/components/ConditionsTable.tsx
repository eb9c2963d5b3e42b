import { Button, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import type { MatrixOperatorOption } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { emptyCondition, moveRow, type ConditionRow } from '../matrixFormValues';
import { CountrySelect } from './CountrySelect';
import { Tag } from '../../../ui/Tag';

const CELL_ERROR = { fontSize: 12 } as const;

/**
 * The editable conditions of a matrix, in order (the order breaks ties in resolution): pickup and destination
 * country ("any" allowed), max weight, operator; rows are added, removed and moved. Messages sit under their cells,
 * a row's own message (a repeated condition) under the row number.
 */
export function ConditionsTable(props: {
  rows: ConditionRow[];
  operators: MatrixOperatorOption[];
  onChange: (rows: ConditionRow[]) => void;
  error: (path: string) => string | undefined;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const { rows, disabled } = props;
  const set = (i: number, patch: Partial<ConditionRow>) =>
    props.onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const label = (id: string, i: number) => `${intl.formatMessage({ id })} ${i + 1}`;
  const message = (path: string) => {
    const text = props.error(path);
    return text ? (
      <div className="bp6-text-danger" style={CELL_ERROR} data-testid="condition-error">
        {text}
      </div>
    ) : null;
  };
  const operatorOptions = (current: string) => [
    { value: '', label: intl.formatMessage({ id: 'matrices.chooseOperator' }) },
    ...props.operators
      .filter((o) => o.active || o.id === current)
      .map((o) => ({
        value: o.id,
        label: o.active ? o.name : intl.formatMessage({ id: 'matrices.inactiveOperator' }, { name: o.name }),
      })),
  ];

  return (
    <div data-testid="matrix-conditions">
      <HTMLTable compact className="depot-conditions-table">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="matrices.row" />
            </th>
            <th>
              <FormattedMessage id="matrices.field.pickupCountry" />
            </th>
            <th>
              <FormattedMessage id="matrices.field.destinationCountry" />
            </th>
            <th>
              <FormattedMessage id="matrices.field.maxWeightKg" />
            </th>
            <th>
              <FormattedMessage id="matrices.field.operator" />
            </th>
            <th>
              <span className="depot-visually-hidden">
                {intl.formatMessage({ id: 'matrices.rowActions' })}
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const p = `conditions.${i}`;
            return (
              <tr key={r.key} data-testid="condition-row">
                <td>
                  <Tag minimal>{i + 1}</Tag>
                  {message(p)}
                </td>
                <td>
                  <CountrySelect
                    value={r.pickupCountry}
                    onChange={(pickupCountry) => set(i, { pickupCountry })}
                    anyLabelId="matrices.anyCountry"
                    ariaLabel={label('matrices.field.pickupCountry', i)}
                    testId="condition-pickupCountry"
                    intent={props.error(`${p}.pickupCountry`) ? Intent.DANGER : undefined}
                    disabled={disabled}
                  />
                  {message(`${p}.pickupCountry`)}
                </td>
                <td>
                  <CountrySelect
                    value={r.destinationCountry}
                    onChange={(destinationCountry) => set(i, { destinationCountry })}
                    anyLabelId="matrices.anyCountry"
                    ariaLabel={label('matrices.field.destinationCountry', i)}
                    testId="condition-destinationCountry"
                    intent={props.error(`${p}.destinationCountry`) ? Intent.DANGER : undefined}
                    disabled={disabled}
                  />
                  {message(`${p}.destinationCountry`)}
                </td>
                <td>
                  <InputGroup
                    value={r.maxWeightKg}
                    onValueChange={(maxWeightKg) => set(i, { maxWeightKg })}
                    inputMode="decimal"
                    aria-label={label('matrices.field.maxWeightKg', i)}
                    intent={props.error(`${p}.maxWeightKg`) ? Intent.DANGER : Intent.NONE}
                    data-testid="condition-maxWeightKg"
                    disabled={disabled}
                  />
                  {message(`${p}.maxWeightKg`)}
                </td>
                <td>
                  <HTMLSelect
                    fill
                    value={r.operatorId}
                    onChange={(e) => set(i, { operatorId: e.currentTarget.value })}
                    aria-label={label('matrices.field.operator', i)}
                    options={operatorOptions(r.operatorId)}
                    data-testid="condition-operatorId"
                    disabled={disabled}
                  />
                  {message(`${p}.operatorId`)}
                </td>
                <td className="depot-nowrap">
                  <Button
                    minimal
                    small
                    icon="arrow-up"
                    disabled={disabled || i === 0}
                    aria-label={label('matrices.moveUp', i)}
                    onClick={() => props.onChange(moveRow(rows, i, -1))}
                    data-testid="condition-up"
                  />
                  <Button
                    minimal
                    small
                    icon="arrow-down"
                    disabled={disabled || i === rows.length - 1}
                    aria-label={label('matrices.moveDown', i)}
                    onClick={() => props.onChange(moveRow(rows, i, 1))}
                    data-testid="condition-down"
                  />
                  <Button
                    minimal
                    small
                    icon="trash"
                    intent={Intent.DANGER}
                    disabled={disabled}
                    aria-label={label('matrices.removeRow', i)}
                    onClick={() => props.onChange(rows.filter((_, j) => j !== i))}
                    data-testid="condition-remove"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {rows.length === 0 ? (
        <p className="bp6-text-muted" data-testid="conditions-empty">
          <FormattedMessage id="matrices.noConditions" />
        </p>
      ) : null}
      {disabled ? null : (
        <Button
          icon="add-row-bottom"
          onClick={() => props.onChange([...rows, emptyCondition()])}
          data-testid="condition-add"
        >
          <FormattedMessage id="matrices.addRow" />
        </Button>
      )}
    </div>
  );
}
