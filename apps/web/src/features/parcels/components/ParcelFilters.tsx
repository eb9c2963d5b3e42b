import { Button, Checkbox, FormGroup, HTMLSelect, Menu, Popover } from '@blueprintjs/core';
import { contract, ORDER_TYPES, PARCEL_SOURCES, PARCEL_STATUSES, type ParcelStatus } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { DateField } from '../../../ui/form/DateField';
import { SearchFilter, SelectFilter } from '../../../ui/list/ListFilters';
import { useFailureToast } from '../../../ui/useFailureToast';
import { CountrySelect } from '../../matrices/components/CountrySelect';
import { ClientFilter } from '../../../ui/pickers/ClientFilter';
import type { ParcelFilterValues } from '../hooks/useParcelsListFilters';

const DATE_STYLE = { width: 140 } as const;
const COUNTRY_STYLE = { display: 'inline-block', width: 190 } as const;
const CHECK_STYLE = { padding: '2px 8px' } as const;

/** The status set: a button naming how many are chosen, opening one checkbox per status. */
function StatusFilter(props: { value: ParcelStatus[]; onChange: (v: ParcelStatus[]) => void }) {
  const intl = useIntl();
  const chosen = new Set(props.value);
  const toggle = (s: ParcelStatus) =>
    props.onChange(PARCEL_STATUSES.filter((x) => (x === s ? !chosen.has(x) : chosen.has(x))));
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu data-testid="parcels-filter-statuses-menu">
          {PARCEL_STATUSES.map((s) => (
            <li key={s} style={CHECK_STYLE}>
              <Checkbox
                checked={chosen.has(s)}
                onChange={() => toggle(s)}
                label={intl.formatMessage({ id: `parcels.status.${s}` })}
                data-testid={`parcels-filter-status-${s}`}
              />
            </li>
          ))}
          {props.value.length > 0 ? (
            <li>
              <Button
                minimal
                small
                icon="cross"
                onClick={() => props.onChange([])}
                data-testid="parcels-filter-statuses-clear"
              >
                <FormattedMessage id="parcels.filter.anyStatus" />
              </Button>
            </li>
          ) : null}
        </Menu>
      }
    >
      <Button endIcon="caret-down" data-testid="parcels-filter-statuses">
        {props.value.length === 0 ? (
          <FormattedMessage id="parcels.filter.anyStatus" />
        ) : (
          <FormattedMessage id="parcels.filter.statusesChosen" values={{ count: props.value.length }} />
        )}
      </Button>
    </Popover>
  );
}

/** Carriers for the filter, for those who may see them (the routing permission). */
function CarrierFilter(props: { value: string; onChange: (v: string) => void }) {
  const intl = useIntl();
  const query = useRouteQuery(contract.matrices.operators);
  useFailureToast(query.error);
  const carriers = query.data ?? [];
  return (
    <HTMLSelect
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      aria-label={intl.formatMessage({ id: 'parcels.field.carrier' })}
      data-testid="parcels-filter-carrier"
      options={[
        { value: '', label: intl.formatMessage({ id: 'parcels.filter.anyCarrier' }) },
        ...carriers.map((c) => ({ value: c.id, label: c.name })),
      ]}
    />
  );
}

/** A date of the range (Warsaw days, yyyy-MM-dd). */
function DateFilter(props: {
  id: string;
  labelId: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <FormGroup
      inline
      label={<FormattedMessage id={props.labelId} />}
      labelFor={props.id}
      intent={props.error ? 'danger' : 'none'}
      helperText={props.error}
      style={{ margin: 0 }}
    >
      <DateField
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        style={DATE_STYLE}
        intent={props.error ? 'danger' : 'none'}
        testId={props.id}
      />
    </FormGroup>
  );
}

/**
 * The parcels list's filters (decision 0070): search by any number, status set, order type, source, client (staff),
 * carrier (who may see carriers), only those routing could not place ("incorrect", decision 0115), pickup and
 * destination country, and the creation date range.
 */
export function ParcelFilters(props: {
  values: ParcelFilterValues;
  onChange: (v: ParcelFilterValues) => void;
  onReset: () => void;
  search: string;
  onSearch: (v: string) => void;
  staff: boolean;
  showCarrier: boolean;
  rangeValid: boolean;
}) {
  const intl = useIntl();
  const { values } = props;
  const set = <K extends keyof ParcelFilterValues>(k: K, v: ParcelFilterValues[K]) =>
    props.onChange({ ...values, [k]: v });
  const rangeError = props.rangeValid ? undefined : intl.formatMessage({ id: 'server.dateRangeInvalid' });
  return (
    <>
      <SearchFilter
        value={props.search}
        onChange={props.onSearch}
        placeholderId="parcels.search"
        testId="parcels-search"
      />
      <StatusFilter value={values.statuses} onChange={(v) => set('statuses', v)} />
      <SelectFilter
        value={values.orderType}
        onChange={(v) => set('orderType', v)}
        values={ORDER_TYPES}
        labelOf={(t) => `parcels.orderType.${t}`}
        anyId="parcels.filter.anyOrderType"
        ariaLabelId="parcels.field.orderType"
        testId="parcels-filter-orderType"
      />
      <SelectFilter
        value={values.source}
        onChange={(v) => set('source', v)}
        values={PARCEL_SOURCES}
        labelOf={(s) => `parcels.source.${s}`}
        anyId="parcels.filter.anySource"
        ariaLabelId="parcels.field.source"
        testId="parcels-filter-source"
      />
      {props.staff ? (
        <ClientFilter
          value={values.client}
          onChange={(c) => set('client', c)}
          clearLabelId="parcels.filter.allClients"
          testId="parcels-filter-client"
        />
      ) : null}
      {props.showCarrier ? (
        <CarrierFilter value={values.operatorId} onChange={(v) => set('operatorId', v)} />
      ) : null}
      <Checkbox
        inline
        checked={values.incorrect}
        onChange={(e) => set('incorrect', e.currentTarget.checked)}
        label={intl.formatMessage({ id: 'parcels.filter.incorrect' })}
        style={{ margin: 0 }}
        data-testid="parcels-filter-incorrect"
      />
      <span style={COUNTRY_STYLE}>
        <CountrySelect
          value={values.pickupCountry}
          onChange={(v) => set('pickupCountry', v)}
          anyLabelId="parcels.filter.anyPickupCountry"
          ariaLabel={intl.formatMessage({ id: 'parcels.field.pickupCountry' })}
          testId="parcels-filter-pickupCountry"
        />
      </span>
      <span style={COUNTRY_STYLE}>
        <CountrySelect
          value={values.destinationCountry}
          onChange={(v) => set('destinationCountry', v)}
          anyLabelId="parcels.filter.anyDestinationCountry"
          ariaLabel={intl.formatMessage({ id: 'parcels.field.destinationCountry' })}
          testId="parcels-filter-destinationCountry"
        />
      </span>
      <DateFilter
        id="parcels-filter-dateFrom"
        labelId="parcels.filter.dateFrom"
        value={values.dateFrom}
        onChange={(v) => set('dateFrom', v)}
      />
      <DateFilter
        id="parcels-filter-dateTo"
        labelId="parcels.filter.dateTo"
        value={values.dateTo}
        onChange={(v) => set('dateTo', v)}
        error={rangeError}
      />
      <Button minimal icon="filter-remove" onClick={props.onReset} data-testid="parcels-filter-reset">
        <FormattedMessage id="parcels.filter.reset" />
      </Button>
    </>
  );
}
