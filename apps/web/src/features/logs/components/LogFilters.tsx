import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { LogAuthor, LogFacets } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateField } from '../../../ui/form/DateField';
import { useLogLabels } from '../useLogLabels';
import { AuthorPicker } from './AuthorPicker';

/** What the filters hold as typed (dates as yyyy-MM-dd from the date inputs, '' = none). */
export interface LogFilterValues {
  type: string;
  entity: string;
  entityId: string;
  author: LogAuthor | null;
  from: string;
  to: string;
}

export const NO_LOG_FILTERS: LogFilterValues = {
  type: '',
  entity: '',
  entityId: '',
  author: null,
  from: '',
  to: '',
};

const DATE_STYLE = { width: 150 } as const;

/** The logs screen's filters: type, entity, entity id, author and a range of Warsaw days. */
export function LogFilters(props: {
  values: LogFilterValues;
  facets: LogFacets;
  onChange: (v: LogFilterValues) => void;
  /** A message for the date range (e.g. start after end). */
  dateError?: string;
}) {
  const intl = useIntl();
  const labels = useLogLabels();
  const { values } = props;
  const set = <K extends keyof LogFilterValues>(k: K, v: LogFilterValues[K]) =>
    props.onChange({ ...values, [k]: v });
  const withCurrent = (options: string[], current: string) =>
    current && !options.includes(current) ? [...options, current] : options;

  return (
    <>
      <HTMLSelect
        value={values.type}
        onChange={(e) => set('type', e.currentTarget.value)}
        aria-label={intl.formatMessage({ id: 'logs.field.type' })}
        data-testid="logs-filter-type"
        options={[
          { value: '', label: intl.formatMessage({ id: 'logs.anyType' }) },
          ...withCurrent(props.facets.types, values.type).map((t) => ({ value: t, label: labels.type(t) })),
        ]}
      />
      <HTMLSelect
        value={values.entity}
        onChange={(e) => set('entity', e.currentTarget.value)}
        aria-label={intl.formatMessage({ id: 'logs.field.entity' })}
        data-testid="logs-filter-entity"
        options={[
          { value: '', label: intl.formatMessage({ id: 'logs.anyEntity' }) },
          ...withCurrent(props.facets.entities, values.entity).map((e) => ({
            value: e,
            label: labels.entity(e),
          })),
        ]}
      />
      <InputGroup
        value={values.entityId}
        onValueChange={(v) => set('entityId', v)}
        placeholder={intl.formatMessage({ id: 'logs.field.entityId' })}
        aria-label={intl.formatMessage({ id: 'logs.field.entityId' })}
        data-testid="logs-filter-entityId"
      />
      <AuthorPicker value={values.author} onChange={(a) => set('author', a)} />
      <FormGroup
        inline
        label={<FormattedMessage id="logs.filter.from" />}
        labelFor="logs-from"
        intent={props.dateError ? 'danger' : 'none'}
        style={{ margin: 0 }}
      >
        <DateField
          id="logs-from"
          value={values.from}
          onChange={(v) => set('from', v)}
          style={DATE_STYLE}
          testId="logs-filter-from"
        />
      </FormGroup>
      <FormGroup
        inline
        label={<FormattedMessage id="logs.filter.to" />}
        labelFor="logs-to"
        intent={props.dateError ? 'danger' : 'none'}
        helperText={props.dateError}
        style={{ margin: 0 }}
      >
        <DateField
          id="logs-to"
          value={values.to}
          onChange={(v) => set('to', v)}
          style={DATE_STYLE}
          intent={props.dateError ? 'danger' : 'none'}
          testId="logs-filter-to"
        />
      </FormGroup>
      <Button
        minimal
        icon="filter-remove"
        onClick={() => props.onChange(NO_LOG_FILTERS)}
        data-testid="logs-clear"
      >
        <FormattedMessage id="logs.clearFilters" />
      </Button>
    </>
  );
}
