import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { CLIENT_GROUP_TYPES, type ClientGroupType } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';

/** The name (clientsGroupName) and type (typeGroup) fields of the group form. */
export function GroupFields(props: {
  name: string;
  type: ClientGroupType | '';
  onName: (v: string) => void;
  onType: (v: ClientGroupType | '') => void;
  nameError?: string;
  typeError?: string;
}) {
  const intl = useIntl();
  return (
    <div className="depot-form-grid">
      <FormGroup
        label={<FormattedMessage id="clientGroups.field.clientsGroupName" />}
        labelFor="group-name"
        intent={props.nameError ? 'danger' : 'none'}
        helperText={props.nameError}
      >
        <InputGroup
          id="group-name"
          value={props.name}
          onValueChange={props.onName}
          intent={props.nameError ? 'danger' : 'none'}
          autoComplete="off"
          data-testid="group-name"
        />
      </FormGroup>
      <FormGroup
        label={<FormattedMessage id="clientGroups.field.typeGroup" />}
        labelFor="group-type"
        intent={props.typeError ? 'danger' : 'none'}
        helperText={props.typeError}
      >
        <HTMLSelect
          id="group-type"
          value={props.type}
          onChange={(e) => props.onType(e.currentTarget.value as ClientGroupType | '')}
          data-testid="group-type"
          fill
          options={[
            { value: '', label: intl.formatMessage({ id: 'clientGroups.pickType' }) },
            ...CLIENT_GROUP_TYPES.map((t) => ({
              value: t,
              label: intl.formatMessage({ id: `clientGroups.type.${t}` }),
            })),
          ]}
        />
      </FormGroup>
    </div>
  );
}
