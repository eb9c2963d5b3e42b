import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { FormFooter, type FooterForm } from '../../../ui/FormFooter';
import { GroupFields } from './GroupFields';
import { GroupMembers } from './GroupMembers';

/** The group form of the create and edit screens: name and type, the clients, the refusal, Cancel and Save. */
export function GroupForm(props: {
  form: FooterForm;
  fields: ComponentProps<typeof GroupFields>;
  members: ComponentProps<typeof GroupMembers>;
  /** The server's refusal, already in the user's language. */
  failure: string | null;
  busy: boolean;
  onSubmit: () => void;
}) {
  const navigate = useNavigate();
  return (
    <form
      className="depot-form-card"
      data-testid="group-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <GroupFields {...props.fields} />
      <GroupMembers {...props.members} />
      <FormFooter
        form={props.form}
        failure={props.failure}
        failureTestId="group-failure"
        busy={props.busy}
        onCancel={() => navigate('/administration/clientsGroups')}
        saveTestId="group-save"
      />
    </form>
  );
}
