import { Button, H1, Intent } from '@blueprintjs/core';
import {
  contract,
  updateSectorSchema,
  type SectorOperator,
  type SectorView,
  type UpdateSectorRequest,
} from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { useRouteQuery, useSetRouteData } from '../../../api/query';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useZodForm } from '../../../ui/useZodForm';
import { sectorsApi } from '../api';
import { SectorForm } from '../components/SectorForm';
import { SectorOperators } from '../components/SectorOperators';
import { useSectorRefusal } from '../useSectorNotices';

/** /administration/sectors/map/:sectorId (SPEC 2 "map"): the sector's fields and its carriers. */
export function SectorMapPage() {
  usePageTitle('sectors.mapTitle');
  const { sectorId = '' } = useParams();
  const input = { params: { id: sectorId } };
  const query = useRouteQuery(contract.sectors.get, input);
  const setSector = useSetRouteData(contract.sectors.get, input);
  return <QueryGate query={query}>{(s) => <MapForm sector={s} onChanged={setSector} />}</QueryGate>;
}

interface EditValues {
  sectorCountry: string;
  sectorDescription: string;
}

/** Country and description are saved with Save; carriers are mapped and unmapped at once (each a call). */
function MapForm(props: { sector: SectorView; onChanged: (s: SectorView) => void }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const text = useText();
  const refusal = useSectorRefusal();
  const { sector } = props;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changes = (v: EditValues): UpdateSectorRequest => ({
    ...(v.sectorCountry !== sector.sectorCountry
      ? { sectorCountry: (v.sectorCountry || undefined) as UpdateSectorRequest['sectorCountry'] }
      : {}),
    ...(v.sectorDescription.trim() !== sector.sectorDescription
      ? { sectorDescription: v.sectorDescription }
      : {}),
  });
  const form = useZodForm(
    updateSectorSchema,
    { sectorCountry: sector.sectorCountry, sectorDescription: sector.sectorDescription } as EditValues,
    changes,
  );

  const mapping = (call: () => Promise<SectorView>, done: (s: SectorView) => void) =>
    form.run(async () => {
      const saved = await call();
      props.onChanged(saved);
      done(saved);
    }, refusal);

  const map = (o: SectorOperator) =>
    void mapping(
      () => sectorsApi.map({ sectorId: sector.id, operatorId: o.id }),
      () => notify.success(text({ id: 'sectors.mapped', values: { operator: o.name } })),
    );
  const unmap = (o: SectorOperator) =>
    void mapping(
      () => sectorsApi.unmap({ sectorId: sector.id, operatorId: o.id }),
      () => notify.success(text({ id: 'sectors.unmapped', values: { operator: o.name } })),
    );

  const submit = async () => {
    const body = changes(form.values);
    if (Object.keys(body).length === 0) return notify.info({ id: 'server.noValueChanged' });
    if (!form.validate()) return;
    await form.run(async () => {
      props.onChanged(await sectorsApi.update(sector.id, body));
      notify.success({ id: 'sectors.saved' });
      navigate('/administration/sectors');
    }, refusal);
  };

  const deleteSector = () =>
    form.run(async () => {
      await sectorsApi.remove(sector.id);
      notify.success({ id: 'sectors.deleted' });
      navigate('/administration/sectors');
    });

  return (
    <div className="depot-page" data-testid="page-sector-map">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="sectors.mapTitle" />
        </H1>
        <Button
          intent={Intent.DANGER}
          icon="trash"
          onClick={() => setConfirmDelete(true)}
          data-testid="sector-delete"
        >
          <FormattedMessage id="sectors.delete" />
        </Button>
      </div>
      <SectorOperators operators={sector.operators} busy={form.busy} onMap={map} onUnmap={unmap} />
      <SectorForm
        form={form}
        fields={{
          country: form.values.sectorCountry,
          description: form.values.sectorDescription,
          onCountry: (v) => form.set('sectorCountry', v),
          onDescription: (v) => form.set('sectorDescription', v),
          countryError: form.error('sectorCountry'),
          descriptionError: form.error('sectorDescription'),
        }}
        failure={form.failure ? text(form.failure) : null}
        busy={form.busy}
        onSubmit={() => void submit()}
      />
      <ConfirmDialog
        isOpen={confirmDelete}
        titleId="sectors.deleteTitle"
        messageId="sectors.deleteMessage"
        values={{ name: sector.sectorDescription }}
        intent={Intent.DANGER}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteSector();
        }}
      />
    </div>
  );
}
