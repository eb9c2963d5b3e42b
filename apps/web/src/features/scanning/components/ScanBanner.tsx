import { Callout, Intent } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useText } from '../../../ui/useText';
import type { CurrentScan } from '../hooks/useScanSession';
import type { Cue } from '../speech';

/** SPEC 8's colours: green changed, blue already scanned, amber no sector, red error; grey while on its way. */
const INTENTS: Record<Cue, Intent> = {
  changed: Intent.SUCCESS,
  alreadyScanned: Intent.PRIMARY,
  noSector: Intent.WARNING,
  error: Intent.DANGER,
  waiting: Intent.NONE,
};

const PHASE_IDS: Partial<Record<CurrentScan['phase'], string>> = {
  sending: 'scanning.banner.sending',
  looking: 'scanning.banner.looking',
  waiting: 'scanning.banner.waiting',
};

/** The last scan in large type: its sector (or "No sector"), the parcel, and what came of it. */
export function ScanBanner({ scan }: { scan: CurrentScan | null }) {
  const text = useText();
  const cue = scan?.cue;
  const outcome = (() => {
    if (!scan) return null;
    if (scan.phase === 'refused' || cue === 'error')
      return scan.message ? text(scan.message) : <FormattedMessage id="scans.outcome.refused" />;
    if (PHASE_IDS[scan.phase]) return <FormattedMessage id={PHASE_IDS[scan.phase]} />;
    if (scan.phase === 'queued')
      return (
        <FormattedMessage
          id={cue === 'waiting' ? 'scanning.banner.queuedOffline' : 'scanning.banner.queued'}
        />
      );
    if (cue === 'alreadyScanned') return <FormattedMessage id="scans.outcome.alreadyScanned" />;
    return <FormattedMessage id="scans.outcome.changed" />;
  })();
  const showsSector = !!scan && (scan.phase === 'done' || scan.phase === 'queued') && cue !== 'error';
  return (
    <Callout
      className="depot-scan-banner"
      intent={cue ? INTENTS[cue] : Intent.NONE}
      icon={null}
      data-testid="scan-banner"
      data-cue={cue ?? 'none'}
      data-phase={scan?.phase ?? 'idle'}
    >
      <div role="status" aria-live="polite">
        {!scan ? (
          <div className="depot-scan-banner-sector">
            <FormattedMessage id="scanning.banner.idle" />
          </div>
        ) : (
          <>
            {showsSector && cue !== 'waiting' ? (
              <div className="depot-scan-banner-sector" data-testid="scan-banner-sector">
                {scan.sector ?? <FormattedMessage id="sectors.none" />}
              </div>
            ) : null}
            <div className="depot-scan-banner-number" data-testid="scan-banner-number">
              {scan.internalNumber && scan.internalNumber !== scan.number
                ? `${scan.number} · ${scan.internalNumber}`
                : scan.number}
            </div>
            <div className="depot-scan-banner-outcome" data-testid="scan-banner-outcome">
              {outcome}
            </div>
          </>
        )}
      </div>
    </Callout>
  );
}
