import { FormGroup, H2, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { DEFAULT_SCAN_TIMEZONE, SCAN_STATUSES, type ParcelStatus } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { carModeMissing, statusOf, type ScanSettings } from '../settings';

type Toggle = 'autoSend' | 'voice' | 'defaultStatus' | 'virtualScan' | 'carMode';
const TOGGLES: Toggle[] = ['autoSend', 'voice', 'defaultStatus', 'virtualScan', 'carMode'];
type TextField = 'terminal' | 'description' | 'driver' | 'registrationNumber';
const LABELS: Record<TextField, string> = {
  terminal: 'scans.field.terminal',
  description: 'scans.field.description',
  driver: 'scans.field.driver',
  registrationNumber: 'scans.field.registrationNumber',
};

/** The scan form of SPEC 3 and the screen's toggles (SPEC 2), kept on this device. */
export function ScanSettingsPanel(props: {
  settings: ScanSettings;
  onChange: (next: ScanSettings) => void;
  voiceHint: boolean;
}) {
  const intl = useIntl();
  const { settings: s, onChange } = props;
  const set = <K extends keyof ScanSettings>(key: K, value: ScanSettings[K]) =>
    onChange({ ...s, [key]: value });
  const missing = carModeMissing(s);
  const field = (name: TextField, maxLength: number) => (
    <FormGroup
      label={intl.formatMessage({ id: LABELS[name] })}
      labelFor={`scan-${name}`}
      intent={missing.includes(name as never) ? 'danger' : 'none'}
      helperText={
        missing.includes(name as never) ? intl.formatMessage({ id: 'scanning.carModeNeeds' }) : undefined
      }
    >
      <InputGroup
        id={`scan-${name}`}
        value={s[name]}
        maxLength={maxLength}
        onValueChange={(v) => set(name, v)}
        intent={missing.includes(name as never) ? 'danger' : 'none'}
        autoComplete="off"
        data-testid={`scan-${name}`}
      />
    </FormGroup>
  );
  return (
    <section className="depot-scan-settings" aria-labelledby="scan-settings-title">
      <H2 id="scan-settings-title" className="depot-scan-h2">
        <FormattedMessage id="scanning.settings" />
      </H2>
      <div className="depot-scan-toggles">
        {TOGGLES.map((t) => (
          <Switch
            key={t}
            checked={s[t]}
            label={intl.formatMessage({ id: `scanning.toggle.${t}` })}
            onChange={(e) => set(t, e.currentTarget.checked)}
            data-testid={`scan-toggle-${t}`}
          />
        ))}
      </div>
      {s.voice && props.voiceHint ? (
        <p className="bp6-text-muted" data-testid="scan-voice-tones">
          <FormattedMessage id="scanning.voiceTones" />
        </p>
      ) : null}
      <div className="depot-form-grid">
        <FormGroup label={intl.formatMessage({ id: 'scans.field.status' })} labelFor="scan-status">
          <HTMLSelect
            id="scan-status"
            value={statusOf(s)}
            disabled={s.defaultStatus}
            onChange={(e) => set('status', e.currentTarget.value as ParcelStatus)}
            data-testid="scan-status"
            options={SCAN_STATUSES.map((st) => ({
              value: st,
              label: intl.formatMessage({ id: `parcels.status.${st}` }),
            }))}
          />
        </FormGroup>
        {field('terminal', 100)}
        {s.carMode ? field('driver', 100) : null}
        {s.carMode ? field('registrationNumber', 20) : null}
        {field('description', 255)}
        <FormGroup label={intl.formatMessage({ id: 'scanning.field.timezone' })} labelFor="scan-timezone">
          <InputGroup id="scan-timezone" value={DEFAULT_SCAN_TIMEZONE} readOnly data-testid="scan-timezone" />
        </FormGroup>
      </div>
    </section>
  );
}
