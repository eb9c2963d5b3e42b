import { Callout, Card, H2, Intent } from '@blueprintjs/core';
import type { ClientGroupMember, ClientGroupType, ClientOption } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { MemberTable } from '../../../ui/MemberTable';
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
      <MemberTable
        rows={props.members}
        columns={[
          { titleId: 'clients.field.companyName', render: (m) => m.companyName, testId: 'group-member-name' },
          { titleId: 'clients.field.shortName', render: (m) => m.shortName },
        ]}
        emptyId="clientGroups.noMembers"
        emptyTestId="group-no-members"
        rowTestId="group-member"
        removeId="clientGroups.removeClient"
        removeTestId="group-member-remove"
        busy={props.busy}
        onRemove={props.onRemove}
      />
    </Card>
  );
}
