import { Card, FormGroup, H1, H2, InputGroup } from '@blueprintjs/core';
import { contract, cloneMatrixSchema, type MatrixView } from '@depot/contracts';
import { type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { matricesApi } from '../api';
import { ConditionsTable } from '../components/ConditionsTable';
import { useMatrixOperators } from '../components/MatrixForm';
import { matrixToForm } from '../matrixFormValues';
import { FormFooter } from '../../../ui/FormFooter';
import { useRouteQuery } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';

const LIST = '/administration/matrixes';
const SECTION_STYLE = { marginBottom: 12 } as const;

/**
 * administration/matrixes/clone/:id: the copy's name, and the conditions that will be copied (in order). The copy
 * opens in the editor afterwards, where its conditions can be changed.
 */
export function MatrixClonePage() {
  usePageTitle('matrices.cloneTitle');
  const { matrixId = '' } = useParams();
  const query = useRouteQuery(contract.matrices.get, { params: { id: matrixId } });
  return <QueryGate query={query}>{(source) => <CloneForm source={source} />}</QueryGate>;
}

function CloneForm(props: { source: MatrixView }) {
  const { source } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const operators = useMatrixOperators();
  const form = useZodForm(cloneMatrixSchema, {
    name: intl.formatMessage({ id: 'matrices.copyName' }, { name: source.name }),
  });
  const preview = matrixToForm(source).conditions;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    await form.run(async () => {
      const copy = await matricesApi.clone(source.id, { name: form.values.name });
      notify.success({ id: 'matrices.cloned' });
      navigate(`${LIST}/edit/${copy.id}`);
    });
  };

  return (
    <div className="depot-page" data-testid="page-matrix-clone">
      <H1>
        <FormattedMessage id="matrices.cloneTitle" />
      </H1>
      <form
        className="depot-form-card depot-matrix-card"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="matrix-form"
      >
        <Card style={SECTION_STYLE}>
          <p>
            <FormattedMessage id="matrices.cloneOf" values={{ name: source.name }} />
          </p>
          <FormGroup
            label={<FormattedMessage id="matrices.field.name" />}
            labelFor="matrix-name"
            intent={form.intent('name')}
            helperText={form.error('name')}
          >
            <InputGroup
              id="matrix-name"
              value={form.values.name}
              onValueChange={(v) => form.set('name', v)}
              intent={form.intent('name')}
              autoComplete="off"
              data-testid="matrix-name"
            />
          </FormGroup>
        </Card>
        <Card style={SECTION_STYLE}>
          <H2>
            <FormattedMessage id="matrices.cloneConditions" values={{ count: preview.length }} />
          </H2>
          <ConditionsTable
            rows={preview}
            operators={operators}
            onChange={() => undefined}
            error={() => undefined}
            disabled
          />
        </Card>
        <FormFooter
          form={form}
          failure={form.failure ? text(form.failure) : null}
          failureTestId="matrix-failure"
          busy={form.busy}
          onCancel={() => navigate(-1)}
          cancelTestId="matrix-cancel"
          saveTestId="matrix-save"
          saveLabelId="matrices.clone"
        />
      </form>
    </div>
  );
}
