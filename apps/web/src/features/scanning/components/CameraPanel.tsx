import { Button, Callout, FileInput } from '@blueprintjs/core';
import { CameraReadFilter } from '@depot/domain';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The camera scanner, inline (never a modal dialog): the live camera, or a photo of a label for a device whose live
 * stream is too slow. quagga2 is loaded on first use. A read scans only once CameraReadFilter trusts it.
 */
export function CameraPanel(props: { onScan: (code: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const target = useRef<HTMLDivElement>(null);
  const filter = useRef(new CameraReadFilter());
  const onScan = useRef(props.onScan);
  onScan.current = props.onScan;
  const [problem, setProblem] = useState<
    { kind: 'unavailable' } | { kind: 'noCode' } | { kind: 'failed'; reason: string } | null
  >(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem({ kind: 'unavailable' });
      return undefined;
    }
    let stop: (() => Promise<void>) | null = null;
    let gone = false;
    void import('../camera')
      .then(({ startCamera }) =>
        startCamera(target.current!, (read) => {
          const code = filter.current.read(read);
          if (code) onScan.current(code);
        }),
      )
      .then(
        (s) => {
          if (gone) return void s();
          stop = s;
          setLive(true);
        },
        (err: unknown) => {
          if (!gone)
            setProblem({
              kind: 'failed',
              reason: err instanceof Error ? err.message : String(err),
            });
        },
      );
    return () => {
      gone = true;
      void stop?.();
    };
  }, []);

  const readPhoto = async (file: File) => {
    setProblem(null);
    // A data URL: the panel's Content Security Policy lets images load from data: but not from blob: URLs.
    const url = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsDataURL(file);
    });
    const { decodeImage } = await import('../camera');
    const read = await decodeImage(url);
    const code = read && filter.current.read(read);
    if (code) onScan.current(code);
    else setProblem({ kind: 'noCode' });
  };

  return (
    <section
      className="depot-scan-camera"
      data-testid="scan-camera"
      aria-label={intl.formatMessage({ id: 'scanning.camera.open' })}
    >
      <div ref={target} className="depot-scan-camera-view" data-live={live || undefined} />
      <p className="bp6-text-muted">
        <FormattedMessage id="scanning.camera.hint" />
      </p>
      {problem ? (
        <Callout intent="warning" icon={null} data-testid="scan-camera-problem">
          {problem.kind === 'failed' ? (
            <FormattedMessage id="scanning.camera.failed" values={{ reason: problem.reason }} />
          ) : (
            <FormattedMessage
              id={problem.kind === 'noCode' ? 'scanning.camera.noCode' : 'scanning.camera.unavailable'}
            />
          )}
        </Callout>
      ) : null}
      <div className="depot-scan-camera-actions">
        <FileInput
          text={intl.formatMessage({ id: 'scanning.camera.photo' })}
          buttonText={intl.formatMessage({ id: 'scanning.camera.browse' })}
          inputProps={{
            accept: 'image/*',
            capture: 'environment',
            'aria-label': intl.formatMessage({ id: 'scanning.camera.photo' }),
            // @ts-expect-error -- data attributes pass through to the input
            'data-testid': 'scan-camera-photo',
          }}
          onInputChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void readPhoto(file);
          }}
        />
        <Button icon="cross" onClick={props.onClose} data-testid="scan-camera-close">
          <FormattedMessage id="scanning.camera.close" />
        </Button>
      </div>
    </section>
  );
}
