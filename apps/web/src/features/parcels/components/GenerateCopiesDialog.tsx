import { Button, FormGroup, Intent, NumericInput } from '@blueprintjs/core';
import { PARCEL_GENERATE_MAX, parcelGenerateSchema } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { Modal } from '../../../ui/Modal';
import { FocusFirstError } from '../../../ui/form/FocusFirstError';
import { useZodForm } from '../../../ui/useZodForm';
import { useGenerateParcels } from '../hooks/useGenerateParcels';

/** How many copies the dialog proposes. */
const DEFAULT_COUNT = 10;

/**
 * The dots menu's "Generate copies…" (decision 0096): how many copies of the parcel to make (1–500, checked with
 * the API's schema); the copies are made by a job followed in a toast.
 */
export function GenerateCopiesDialog(props: { parcelId: string; isOpen: boolean; onClose: () => void }) {
  const form = useZodForm(parcelGenerateSchema, { templateId: props.parcelId, count: DEFAULT_COUNT });
  const { generate, busy } = useGenerateParcels();

  const submit = async () => {
    const body = form.validate();
    if (!body) return;
    if (await generate(body.templateId, body.count)) props.onClose();
  };

  return (
    <Modal
      isOpen={props.isOpen}
      title={<FormattedMessage id="parcels.generate.title" />}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose} data-testid="generate-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button
            intent={Intent.PRIMARY}
            loading={busy}
            onClick={() => void submit()}
            data-testid="generate-start"
          >
            <FormattedMessage id="parcels.generate.start" />
          </Button>
        </>
      }
    >
      <FocusFirstError form={form} />
      <p>
        <FormattedMessage id="parcels.generate.explain" values={{ max: PARCEL_GENERATE_MAX }} />
      </p>
      <FormGroup
        label={<FormattedMessage id="parcels.generate.count" />}
        labelFor="generate-count"
        intent={form.intent('count')}
        helperText={form.error('count')}
      >
        <NumericInput
          id="generate-count"
          min={1}
          max={PARCEL_GENERATE_MAX}
          value={Number.isNaN(form.values.count) ? '' : form.values.count}
          onValueChange={(n) => form.set('count', n)}
          intent={form.intent('count')}
          data-testid="generate-count"
          autoFocus
        />
      </FormGroup>
    </Modal>
  );
}
