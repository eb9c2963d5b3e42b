import { Button, Callout, FormGroup, H1, Intent, Spinner, Switch } from '@blueprintjs/core';
import { contract, isOperatorType, type OperatorType, type StatusMapOperatorType } from '@depot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useRouteQuery } from '../../../api/query';
import { QueryGate } from '../../../ui/QueryGate';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { describeError } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { usePageTitle } from '../../../ui/usePageTitle';
import { statusesApi } from '../api';
import { OperatorTypeSelect } from '../components/OperatorTypeSelect';
import { StatusMapTable } from '../components/StatusMapTable';
import { useStatusMapDraft } from '../useStatusMapDraft';

/**
 * /administration/mapStatus/map (SPEC 2; decision 0144): one carrier type's codes and what each means. The carrier
 * type is chosen (its counts beside it) and kept in the address (`?type=`); its code list can be imported from
 * xlsx; changes are kept until Save, which first says how many parcels' statuses they change.
 */
export function StatusMapPage() {
  usePageTitle('statuses.mapTitle');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: OperatorType | '' = isOperatorType(raw) ? raw : '';
  const types = useRouteQuery(contract.statusMap.operatorTypes);
  const counts = (t: OperatorType, all: readonly StatusMapOperatorType[]) => {
    const c = all.find((x) => x.operatorType === t);
    return c && c.codes > 0
      ? ` — ${intl.formatMessage({ id: 'statuses.typeCounts' }, { codes: c.codes, unmapped: c.unmapped })}`
      : '';
  };
  return (
    <div className="depot-page" data-testid="page-status-map">
      <H1>
        <FormattedMessage id="statuses.mapTitle" />
      </H1>
      <QueryGate query={types}>
        {(all) => (
          <FormGroup
            label={intl.formatMessage({ id: 'statuses.field.operatorType' })}
            labelFor="status-map-type"
          >
            <div style={{ maxWidth: 420 }}>
              <OperatorTypeSelect
                id="status-map-type"
                value={type}
                onChange={(t) => setParams(t ? { type: t } : {})}
                placeholderId="statuses.chooseOperatorType"
                ariaLabel={intl.formatMessage({ id: 'statuses.field.operatorType' })}
                testId="status-map-type"
                suffix={(t) => counts(t, all)}
              />
            </div>
          </FormGroup>
        )}
      </QueryGate>
      {type ? <CarrierMap key={type} type={type} onSaved={() => void types.refetch()} /> : null}
    </div>
  );
}

/** One carrier type's map: import, the table of codes, the unsaved changes and Save. */
function CarrierMap(props: { type: OperatorType; onSaved: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const text = useText();
  const rows = useQuery({
    queryKey: ['status-map', props.type],
    queryFn: () => statusesApi.allOfType(props.type),
  });
  const draft = useStatusMapDraft(rows.data ?? []);
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const reload = async () => {
    draft.reset();
    await rows.refetch();
    props.onSaved();
  };

  const askSave = async () => {
    setBusy(true);
    try {
      const impact = await statusesApi.impact({
        operatorType: props.type,
        rows: draft.entries.map((e) => ({ code: e.code, dbName: e.dbName })),
      });
      setConfirm(impact.parcels);
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setConfirm(null);
    setBusy(true);
    try {
      const reply = await statusesApi.save({ operatorType: props.type, rows: draft.entries });
      notify.success({ id: 'statuses.mapSaved', values: { ...reply } });
      await reload();
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      const reply = await statusesApi.importCodes(props.type, file);
      notify.success({ id: 'statuses.imported', values: { ...reply } });
      await reload();
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  if (rows.isPending) return <Spinner className="depot-page-spinner" />;
  if (rows.isError)
    return (
      <Callout intent={Intent.DANGER} data-testid="status-map-load-error">
        <p>{text(describeError(rows.error))}</p>
        <Button onClick={() => void rows.refetch()} data-testid="status-map-retry">
          <FormattedMessage id="list.retry" />
        </Button>
      </Callout>
    );
  const all = rows.data ?? [];
  const shown = unmappedOnly ? all.filter((r) => draft.valueOf(r).dbName === null) : all;
  return (
    <section aria-label={intl.formatMessage({ id: 'statuses.mapOf' }, { type: props.type })}>
      <div className="depot-toolbar">
        <input
          ref={fileInput}
          type="file"
          accept=".xlsx"
          hidden
          data-testid="status-map-import"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button
          icon="import"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          data-testid="status-map-import-button"
        >
          <FormattedMessage id="statuses.importChoose" />
        </Button>
        <Switch
          checked={unmappedOnly}
          onChange={(e) => setUnmappedOnly(e.currentTarget.checked)}
          label={intl.formatMessage({ id: 'statuses.unmappedOnly' })}
          data-testid="status-map-unmapped-only"
        />
        <span className="depot-spacer" />
        <Button
          intent={Intent.PRIMARY}
          icon="tick"
          disabled={draft.entries.length === 0}
          loading={busy}
          onClick={() => void askSave()}
          data-testid="status-map-save"
        >
          <FormattedMessage id="statuses.saveChanges" values={{ count: draft.entries.length }} />
        </Button>
      </div>
      {all.length === 0 ? (
        <Callout data-testid="status-map-empty">
          <FormattedMessage id="statuses.mapEmpty" />
        </Callout>
      ) : (
        <StatusMapTable rows={shown} draft={draft} disabled={busy} />
      )}
      <ConfirmDialog
        isOpen={confirm !== null}
        titleId="statuses.saveTitle"
        messageId="statuses.impact"
        values={{ parcels: confirm ?? 0 }}
        intent={confirm ? Intent.WARNING : Intent.PRIMARY}
        onConfirm={() => void save()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
