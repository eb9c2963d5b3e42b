import { Button, H1, Intent } from '@blueprintjs/core';
import { contract, updateMatrixSchema, type MatrixView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { canAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { matricesApi } from '../api';
import { MatrixForm, useMatrixOperators } from '../components/MatrixForm';
import { RouteTester } from '../components/RouteTester';
import { matrixToForm, toUpdateRequest, type MatrixFormValues } from '../matrixFormValues';
import { useRouteQuery } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';

const LIST = '/administration/matrixes';

export function MatrixEditPage() {
  usePageTitle('matrices.editTitle');
  const { matrixId = '' } = useParams();
  const query = useRouteQuery(contract.matrices.get, { params: { id: matrixId } });
  return (
    <QueryGate query={query}>{(matrix) => <EditForm key={matrix.updatedAt} matrix={matrix} />}</QueryGate>
  );
}

function EditForm(props: { matrix: MatrixView }) {
  const { matrix } = props;
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const can = useAtomValue(canAtom);
  const readOnly = !can('matrices.write');
  const operators = useMatrixOperators();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useZodForm(updateMatrixSchema, matrixToForm(matrix), (v: MatrixFormValues) =>
    toUpdateRequest(v, matrix),
  );

  const submit = async () => {
    if (!form.validate()) return;
    await form.run(async () => {
      await matricesApi.update(matrix.id, toUpdateRequest(form.values, matrix));
      notify.success({ id: 'matrices.saved' });
      navigate(LIST);
    });
  };

  const remove = async () => {
    setConfirmDelete(false);
    try {
      await matricesApi.remove(matrix.id);
      notify.success({ id: 'matrices.deleted' });
      navigate(LIST);
    } catch (err) {
      notify.failure(err);
    }
  };

  const extraActions = readOnly ? null : (
    <>
      <Button
        icon="duplicate"
        onClick={() => navigate(`${LIST}/clone/${matrix.id}`)}
        data-testid="matrix-clone"
      >
        <FormattedMessage id="matrices.clone" />
      </Button>
      {matrix.isDefault ? null : (
        <Button
          icon="trash"
          intent={Intent.DANGER}
          minimal
          onClick={() => setConfirmDelete(true)}
          data-testid="matrix-delete"
        >
          <FormattedMessage id="matrices.delete" />
        </Button>
      )}
    </>
  );

  return (
    <div className="depot-page" data-testid="page-matrix-edit">
      <H1>
        <FormattedMessage id={readOnly ? 'matrices.viewTitle' : 'matrices.editTitle'} />
      </H1>
      <div className="depot-form-card depot-matrix-card">
        <MatrixForm
          form={form as never}
          operators={operators}
          isCurrentDefault={matrix.isDefault}
          savedName={matrix.name}
          readOnly={readOnly}
          busy={form.busy}
          failure={form.failure ? text(form.failure) : null}
          onSubmit={() => void submit()}
          onCancel={() => navigate(LIST)}
          extraActions={extraActions}
        />
        <RouteTester matrixId={matrix.id} />
      </div>
      <ConfirmDialog
        isOpen={confirmDelete}
        titleId="matrices.deleteTitle"
        messageId="matrices.deleteMessage"
        values={{ name: matrix.name }}
        intent={Intent.DANGER}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
