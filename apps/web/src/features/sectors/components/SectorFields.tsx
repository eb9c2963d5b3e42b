import { FormGroup, InputGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { CountrySelect } from '../../matrices/components/CountrySelect';

/** The country (sectorCountry) and description (sectorDescription) fields of the sector form. */
export function SectorFields(props: {
  country: string;
  description: string;
  onCountry: (v: string) => void;
  onDescription: (v: string) => void;
  countryError?: string;
  descriptionError?: string;
}) {
  const intl = useIntl();
  return (
    <div className="depot-form-grid">
      <FormGroup
        label={<FormattedMessage id="sectors.field.sectorCountry" />}
        labelFor="sector-country"
        intent={props.countryError ? 'danger' : 'none'}
        helperText={props.countryError}
      >
        <CountrySelect
          id="sector-country"
          value={props.country}
          onChange={props.onCountry}
          ariaLabel={intl.formatMessage({ id: 'sectors.field.sectorCountry' })}
          testId="sector-country"
          intent={props.countryError ? 'danger' : 'none'}
        />
      </FormGroup>
      <FormGroup
        label={<FormattedMessage id="sectors.field.sectorDescription" />}
        labelFor="sector-description"
        intent={props.descriptionError ? 'danger' : 'none'}
        helperText={props.descriptionError}
      >
        <InputGroup
          id="sector-description"
          value={props.description}
          onValueChange={props.onDescription}
          intent={props.descriptionError ? 'danger' : 'none'}
          autoComplete="off"
          data-testid="sector-description"
        />
      </FormGroup>
    </div>
  );
}
