import { Button, H1 } from '@blueprintjs/core';
import { SCAN_RESET_RELOAD_MS } from '@depot/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CameraPanel } from '../components/CameraPanel';
import { ManualQueue } from '../components/ManualQueue';
import { RecentScans } from '../components/RecentScans';
import { ScanBanner } from '../components/ScanBanner';
import { ScanField } from '../components/ScanField';
import { ScanReport } from '../components/ScanReport';
import { ScanSettingsPanel } from '../components/ScanSettingsPanel';
import { useScanSession } from '../hooks/useScanSession';
import { usePolishVoice } from '../hooks/useVoice';
import { useStrayScans } from '../hooks/useWedge';
import { loadSettings, saveSettings, type ScanSettings } from '../settings';
import { Tag } from '../../../ui/Tag';

/**
 * Operating module → Change statuses (SPEC 2, issue 14 items 2, 4 and 7; decision 0130): scan by a hardware scanner,
 * the camera or by hand; the parcel and its sector in large type, coloured and spoken; sent at once or from a manual
 * list; kept on the device while offline; the terminal's recent scans live; the daily report.
 */
export function ScanningPage() {
  usePageTitle('scanning.title');
  const [settings, setSettings] = useState<ScanSettings>(() => loadSettings());
  const [camera, setCamera] = useState(false);
  const [resetting, setResetting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const session = useScanSession(settings);
  const { scan } = session;
  const voiceHint = !usePolishVoice();

  const change = (next: ScanSettings) => {
    setSettings(next);
    saveSettings(next);
  };

  const onEntry = useCallback((text: string, source: 'scanner' | 'typed') => void scan(text, source), [scan]);
  useStrayScans(
    input,
    useCallback((text: string) => void scan(text, 'scanner'), [scan]),
  );
  const fromCamera = useCallback((code: string) => void scan(code, 'camera'), [scan]);

  // SPEC 9: the page reloads 2 s after a scan reset (the device's lists and settings stay).
  useEffect(() => {
    if (!resetting) return undefined;
    const timer = setTimeout(() => window.location.reload(), SCAN_RESET_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [resetting]);
  const reset = () => {
    session.clearCurrent();
    setResetting(true);
    input.current?.focus();
  };

  const manualShown = !settings.autoSend || session.queued.length > 0;
  return (
    <div className="depot-page depot-scan-page" data-testid="page-scanning">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="scanning.title" />
        </H1>
        <div className="depot-scan-state">
          {session.offline ? (
            <Tag intent="warning" icon="offline" data-testid="scan-offline">
              <FormattedMessage id="scanning.offline" />
            </Tag>
          ) : null}
          {session.waiting.length ? (
            <Tag intent="warning" minimal large data-testid="scan-waiting">
              <FormattedMessage id="scanning.waiting" values={{ count: session.waiting.length }} />
            </Tag>
          ) : null}
        </div>
      </div>
      <div className="depot-scan-entry">
        <label htmlFor="scan-input" className="depot-scan-label">
          <FormattedMessage id="scanning.input" />
        </label>
        <div className="depot-scan-entry-row">
          <ScanField inputRef={input} onEntry={onEntry} />
          <Button
            large
            icon="camera"
            active={camera}
            aria-pressed={camera}
            onClick={() => setCamera((c) => !c)}
            data-testid="scan-camera-toggle"
          >
            <FormattedMessage id="scanning.camera.open" />
          </Button>
          <Button large icon="reset" onClick={reset} disabled={resetting} data-testid="scan-reset">
            <FormattedMessage id={resetting ? 'scanning.resetting' : 'scanning.reset'} />
          </Button>
        </div>
        <p className="bp6-text-muted depot-scan-hint">
          <FormattedMessage
            id={settings.virtualScan ? 'scanning.inputHint' : 'scanning.inputHintScannerOnly'}
          />
        </p>
      </div>
      {camera ? (
        <CameraPanel
          onScan={fromCamera}
          onClose={() => {
            setCamera(false);
            input.current?.focus();
          }}
        />
      ) : null}
      <ScanBanner scan={session.current} />
      {manualShown ? (
        <ManualQueue
          items={session.queued}
          onRemove={(id) => {
            session.removeQueued(id);
            input.current?.focus();
          }}
          onSendAll={() => {
            session.sendAll();
            input.current?.focus();
          }}
        />
      ) : null}
      <div className="depot-scan-columns">
        <ScanSettingsPanel settings={settings} onChange={change} voiceHint={voiceHint} />
        <ScanReport />
      </div>
      <RecentScans terminal={settings.terminal} />
    </div>
  );
}
