import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import {
  IMPORT_COLUMNS,
  IMPORT_PRESET_NAME_MAX,
  IMPORT_REQUIRED_COLUMNS,
  MESSAGES,
  type ImportColumn,
  type ImportHeadersReply,
} from '@depot/contracts';
import { missingColumns, presetColumnsOf } from '@depot/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError, describeMessage, type ErrorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { importsApi } from '../api';
import {
  assignColumn,
  choosePreset,
  samplesOf,
  withoutPreset,
  withSavedPreset,
  type Mapping,
} from '../mapping';

const REQUIRED: ReadonlySet<ImportColumn> = new Set(IMPORT_REQUIRED_COLUMNS);

/**
 * The upload's mapping step (issue 16 item 1, decision 0152): for each field of a parcel (the required ones marked),
 * the file's column it takes — started from the recognised headers or a saved preset — with the first values of that
 * column beside it; the mapping saved as a preset by name. Says, above the fields, which required ones still lack a
 * column (the upload waits for them).
 */
export function ColumnMapping(props: {
  reply: ImportHeadersReply;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  /** The client the presets are saved for (staff); null: the caller's own. */
  clientId: string | null;
}) {
  const { reply, mapping, onChange } = props;
  const intl = useIntl();
  const field = (column: ImportColumn) => intl.formatMessage({ id: `imports.column.${column}` });
  const missing = missingColumns(mapping.map);
  const noHeader = intl.formatMessage({ id: 'imports.mapping.noHeader' });
  return (
    <section aria-labelledby="import-mapping-title" data-testid="import-mapping">
      <h3 id="import-mapping-title" className="bp6-heading" style={{ fontSize: 16, marginTop: 12 }}>
        <FormattedMessage id="imports.mapping.title" />
      </h3>
      <p>
        <FormattedMessage id="imports.mapping.hint" />
      </p>
      <FormGroup label={<FormattedMessage id="imports.mapping.preset" />} labelFor="import-mapping-preset">
        <div style={{ display: 'flex', gap: 8 }}>
          <HTMLSelect
            id="import-mapping-preset"
            fill
            value={mapping.presetId}
            onChange={(e) => onChange(choosePreset(mapping, reply, e.currentTarget.value))}
            data-testid="import-mapping-preset"
          >
            <option value="">{intl.formatMessage({ id: 'imports.mapping.recognized' })}</option>
            {mapping.presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </HTMLSelect>
          {mapping.presetId ? <DeletePreset mapping={mapping} onChange={onChange} /> : null}
        </div>
      </FormGroup>
      {missing.length > 0 ? (
        <Callout intent={Intent.WARNING} style={{ marginBottom: 8 }} data-testid="import-mapping-missing">
          <FormattedMessage
            id="imports.mapping.missing"
            values={{ columns: missing.map(field).join(', ') }}
          />
        </Callout>
      ) : null}
      <HTMLTable compact style={{ width: '100%' }}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="imports.mapping.field" />
            </th>
            <th scope="col">
              <FormattedMessage id="imports.mapping.column" />
            </th>
            <th scope="col">
              <FormattedMessage id="imports.mapping.sample" />
            </th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS.map((column) => {
            const index = mapping.map[column];
            return (
              <tr key={column} data-testid={`import-map-row-${column}`}>
                <th scope="row">
                  <label htmlFor={`import-map-${column}`}>
                    {field(column)}
                    {REQUIRED.has(column) ? (
                      <span>
                        {' '}
                        <FormattedMessage id="imports.mapping.required" />
                      </span>
                    ) : null}
                  </label>
                </th>
                <td>
                  <HTMLSelect
                    id={`import-map-${column}`}
                    value={index === undefined ? '' : String(index)}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      onChange({
                        ...mapping,
                        map: assignColumn(mapping.map, column, value === '' ? null : Number(value)),
                      });
                    }}
                    data-testid={`import-map-${column}`}
                  >
                    <option value="">{intl.formatMessage({ id: 'imports.mapping.none' })}</option>
                    {reply.headers.map((header, i) => (
                      <option key={i} value={String(i)}>
                        {intl.formatMessage(
                          { id: 'imports.mapping.columnOption' },
                          { number: i + 1, header: header || noHeader },
                        )}
                      </option>
                    ))}
                  </HTMLSelect>
                </td>
                <td data-testid={`import-map-sample-${column}`}>
                  {samplesOf(reply.sample, index).join(' · ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <SavePreset {...props} />
    </section>
  );
}

/** Deletes the chosen preset (the columns it chose stay chosen for this file). */
function DeletePreset({
  mapping,
  onChange,
}: Pick<Parameters<typeof ColumnMapping>[0], 'mapping' | 'onChange'>) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const preset = mapping.presets.find((p) => p.id === mapping.presetId);
  if (!preset) return null;
  const remove = async () => {
    setBusy(true);
    try {
      await importsApi.deletePreset(preset.id);
      onChange(withoutPreset(mapping, preset.id));
      notify.success({ id: 'imports.mapping.presetDeleted', values: { name: preset.name } });
    } catch (err) {
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon="trash"
      intent={Intent.DANGER}
      variant="minimal"
      loading={busy}
      onClick={() => void remove()}
      data-testid="import-preset-delete"
    >
      <FormattedMessage id="imports.mapping.deletePreset" values={{ name: preset.name }} />
    </Button>
  );
}

/** "Save as preset": the mapping as it stands, under a name (a preset of that name is replaced). */
function SavePreset({ reply, mapping, onChange, clientId }: Parameters<typeof ColumnMapping>[0]) {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const trimmed = name.trim();
    const columns = presetColumnsOf(mapping.map, reply.headers);
    if (!trimmed) return setError(describeMessage(MESSAGES.importPresetName));
    if (Object.keys(columns).length === 0) return setError(describeMessage(MESSAGES.importPresetEmpty));
    setError(null);
    setBusy(true);
    try {
      const saved = await importsApi.savePreset({
        ...(clientId ? { clientId } : {}),
        name: trimmed,
        columns,
      });
      onChange(withSavedPreset(mapping, saved));
      notify.success({ id: 'imports.mapping.presetSaved', values: { name: saved.name } });
      setName('');
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const label = intl.formatMessage({ id: 'imports.mapping.presetName' });
  return (
    <FormGroup
      label={label}
      labelFor="import-preset-name"
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error && <span data-testid="import-preset-error">{text(error)}</span>}
      style={{ marginTop: 12 }}
    >
      <div style={{ display: 'flex', gap: 8 }}>
        <InputGroup
          id="import-preset-name"
          fill
          value={name}
          maxLength={IMPORT_PRESET_NAME_MAX}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter saves the preset, not the upload form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          data-testid="import-preset-name"
        />
        <Button
          icon="floppy-disk"
          loading={busy}
          onClick={() => void save()}
          data-testid="import-preset-save"
        >
          <FormattedMessage id="imports.mapping.savePreset" />
        </Button>
      </div>
    </FormGroup>
  );
}
