import { useNavigate } from 'react-router';
import type { ErrorText } from '../api/errors';
import { useNotify } from './useNotify';
import { useText } from './useText';

/** What a form screen's submit needs of its form (useZodForm). */
interface SubmittableForm {
  validate(): unknown;
  run(action: () => Promise<void>, onError?: (err: unknown) => boolean): Promise<void>;
  busy: boolean;
  failure: ErrorText | null;
}

/**
 * The submit of a create or edit screen: check the values with the schema, save, say so (the i18n id `save`
 * returns) and go back to the list; a refusal stays on the form. Returns the props every form component takes:
 * busy, the refusal in the user's language, submit and cancel (back to the list).
 */
export function useFormSubmit(form: SubmittableForm, listPath: string, save: () => Promise<string>) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      notify.success({ id: await save() });
      navigate(listPath);
    });
  };
  return {
    busy: form.busy,
    failure: form.failure ? text(form.failure) : null,
    onSubmit: () => void submit(),
    onCancel: () => navigate(listPath),
  };
}
