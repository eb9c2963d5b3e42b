import { Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { CountrySelect } from '../../matrices/components/CountrySelect';
import { ADDRESS_KEYS, type AddressKey, type AddressSide, type AddressValues } from '../parcelFormValues';
import type { ParcelFormHandle } from './ParcelForm';

/** One address of the parcel form (pickup or destination): name, street, building, city, zip code, country, phone, e-mail. */
export function ParcelFormAddress(props: { form: ParcelFormHandle; side: AddressSide }) {
  const intl = useIntl();
  const { form, side } = props;
  const address = form.values[side];
  const change = (key: AddressKey, value: string) => {
    const next: AddressValues = { ...address, [key]: value };
    form.set(side, next);
  };

  return (
    <Card className="depot-parcel-section" data-testid={`parcel-section-${side}`}>
      <H2>
        <FormattedMessage id={`parcelForm.section.${side}`} />
      </H2>
      <div className="depot-form-grid">
        {ADDRESS_KEYS.map((key) => {
          const path = `${side}.${key}`;
          const id = `parcel-${side}-${key}`;
          return (
            <FormGroup
              key={key}
              label={<FormattedMessage id={`parcelForm.address.${key}`} />}
              labelFor={id}
              intent={form.intent(path)}
              helperText={form.error(path)}
            >
              {key === 'country' ? (
                <CountrySelect
                  value={address.country}
                  onChange={(code) => change('country', code)}
                  ariaLabel={intl.formatMessage({ id: `parcelForm.section.${side}` })}
                  testId={id}
                  intent={form.intent(path)}
                />
              ) : (
                <InputGroup
                  id={id}
                  value={address[key]}
                  onValueChange={(v) => change(key, v)}
                  intent={form.intent(path)}
                  autoComplete="off"
                  data-testid={id}
                />
              )}
            </FormGroup>
          );
        })}
      </div>
    </Card>
  );
}
