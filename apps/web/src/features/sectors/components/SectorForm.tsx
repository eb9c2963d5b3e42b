import type { ComponentProps, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormFooter, type FooterForm } from '../../../ui/FormFooter';
import { SectorFields } from './SectorFields';

/** The sector form of the create and map screens: country and description, the refusal, Cancel and Save. */
export function SectorForm(props: {
  form: FooterForm;
  fields: ComponentProps<typeof SectorFields>;
  /** The server's refusal, already in the user's language. */
  failure: string | null;
  busy: boolean;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <form
      className="depot-form-card"
      data-testid="sector-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <SectorFields {...props.fields} />
      <FormFooter
        form={props.form}
        failure={props.failure}
        failureTestId="sector-failure"
        busy={props.busy}
        onCancel={() => navigate('/administration/sectors')}
        saveTestId="sector-save"
      />
    </form>
  );
}
