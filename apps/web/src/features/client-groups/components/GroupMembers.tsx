import { Button, Callout, Card, H2, HTMLTable, Intent } from '@blueprintjs/core';
import type { ClientGroupMember, ClientGroupType, ClientOption } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { EligibleClientPicker } from './EligibleClientPicker';

/** The clients of a group (company and short name, each removable) and the picker to add more. */
export function GroupMembers(props: {
  members: ClientGroupMember[];
  type: ClientGroupType | null;
  groupId?: string;
  version: number;
  busy?: boolean;
  onAdd: (client: ClientOption) => void;
  onRemove: (client: ClientGroupMember) => void;
}) {
  return (
    <Card data-testid="group-members" style={{ marginBottom: 12 }}>
      <H2>
        <FormattedMessage id="clientGroups.members" />
      </H2>
      {props.type ? (
        <>
          <EligibleClientPicker
            type={props.type}
            groupId={props.groupId}
            version={props.version}
            disabled={props.busy}
            onPick={props.onAdd}
          />
          <p className="bp6-text-muted bp6-text-small" style={{ marginTop: 4 }}>
            <FormattedMessage id="clientGroups.pickerHint" />
          </p>
        </>
      ) : (
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          <FormattedMessage id="clientGroups.pickTypeFirst" />
        </Callout>
      )}
      {props.members.length === 0 ? (
        <p data-testid="group-no-members" style={{ marginTop: 8 }}>
          <FormattedMessage id="clientGroups.noMembers" />
        </p>
      ) : (
        <HTMLTable compact striped style={{ width: '100%', marginTop: 8 }}>
          <thead>
            <tr>
              <th>
                <FormattedMessage id="clients.field.companyName" />
              </th>
              <th>
                <FormattedMessage id="clients.field.shortName" />
              </th>
              <th>
                <span className="depot-visually-hidden">
                  <FormattedMessage id="list.rowActions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.members.map((m) => (
              <tr key={m.id} data-testid="group-member">
                <td data-testid="group-member-name">{m.companyName}</td>
                <td>{m.shortName}</td>
                <td style={{ textAlign: 'right' }}>
                  <Button
                    small
                    minimal
                    icon="cross"
                    intent={Intent.DANGER}
                    disabled={props.busy}
                    onClick={() => props.onRemove(m)}
                    data-testid="group-member-remove"
                  >
                    <FormattedMessage id="clientGroups.removeClient" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
