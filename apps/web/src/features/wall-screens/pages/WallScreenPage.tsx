import {
  SCAN_OUTCOMES,
  warsawTime,
  type ScanOutcome,
  type ScanRecord,
  type WallCounts,
} from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { useWallFeed, type WallAuth, type WallLinkState } from '../useWallFeed';
import { sectorLabel } from '../wall-state';
import '../wall.css';

/** Each outcome's sign beside its colour and word (never colour alone). */
const SIGN: Record<ScanOutcome, string> = {
  changed: '✔',
  alreadyScanned: '↺',
  refused: '✖',
  notFound: '?',
};
const STATE_SIGN: Record<WallLinkState, string> = {
  connecting: '…',
  live: '●',
  lost: '⚠',
  refused: '⚠',
  revoked: '⚠',
};

const two = (n: number) => String(n).padStart(2, '0');
const clock = (iso: string) => {
  const t = warsawTime(iso);
  return `${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
};

/**
 * A terminal's wall screen (issue 14 item 5, decision 0129): scans as they happen, the shift's counts per sector and
 * per hour, and the connection's state; full screen, in huge type, for a screen on the warehouse wall.
 */
export function WallScreenPage(props: { terminal: string; auth: WallAuth }) {
  const { state, link } = useWallFeed(props.terminal, props.auth);
  const title = usePageTitle('wall.title');

  return (
    <main className="wall" data-testid="page-wall-screen" data-state={link}>
      <div className="wall-header">
        <h1>
          <span className="wall-small">{title} </span>
          <span data-testid="wall-terminal">{props.terminal}</span>
        </h1>
        <div
          className={`wall-state wall-state-${link}`}
          role="status"
          aria-live="polite"
          data-testid="wall-state"
        >
          <span aria-hidden="true">{STATE_SIGN[link]} </span>
          <span data-testid="wall-state-word">
            <FormattedMessage id={`wall.state.${link}`} />
          </span>
        </div>
      </div>
      {link === 'refused' || link === 'revoked' ? (
        <p className="wall-notice" data-testid="wall-notice">
          <FormattedMessage id={`wall.notice.${link}`} />
        </p>
      ) : null}
      <div className="wall-body">
        <section aria-labelledby="wall-latest">
          <h2 id="wall-latest">
            <FormattedMessage id="wall.latest" />
          </h2>
          {state && state.scans.length > 0 ? (
            <ScanTable scans={state.scans} />
          ) : (
            <p className="wall-muted" data-testid="wall-empty">
              <FormattedMessage id={state ? 'wall.noScans' : 'wall.loading'} />
            </p>
          )}
        </section>
        <section aria-labelledby="wall-counts">
          <h2 id="wall-counts">
            <FormattedMessage id="wall.today" />
          </h2>
          {state ? <Counts counts={state.counts} /> : null}
        </section>
      </div>
    </main>
  );
}

function ScanTable(props: { scans: ScanRecord[] }) {
  const text = useText();
  return (
    <table className="wall-scans" data-testid="wall-scans">
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="wall.time" />
          </th>
          <th scope="col">
            <FormattedMessage id="wall.parcel" />
          </th>
          <th scope="col">
            <FormattedMessage id="scans.field.sector" />
          </th>
          <th scope="col">
            <FormattedMessage id="scans.field.status" />
          </th>
          <th scope="col">
            <FormattedMessage id="scans.field.outcome" />
          </th>
          <th scope="col">
            <FormattedMessage id="scans.field.scannedBy" />
          </th>
        </tr>
      </thead>
      <tbody>
        {props.scans.map((s, i) => (
          <tr
            key={s.seq}
            className={i === 0 ? 'wall-scan-newest' : undefined}
            data-testid="wall-scan"
            data-number={s.number}
            data-outcome={s.outcome}
          >
            <td>{clock(s.scannedAt)}</td>
            <td>
              <span className="wall-number">{s.internalNumber ?? s.number}</span>
              {s.internalNumber && s.internalNumber !== s.number ? (
                <div className="wall-small">{s.number}</div>
              ) : null}
            </td>
            <td data-testid="wall-scan-sector">
              {sectorLabel(s.sector) ?? <FormattedMessage id="wall.noSector" />}
            </td>
            <td>{s.outcome === 'notFound' ? '—' : <FormattedMessage id={`parcels.status.${s.status}`} />}</td>
            <td>
              <span className={`wall-outcome wall-outcome-${s.outcome}`} data-testid="wall-scan-outcome">
                <span aria-hidden="true">{SIGN[s.outcome]} </span>
                <FormattedMessage id={`scans.outcome.${s.outcome}`} />
              </span>
              {s.message && s.outcome !== 'changed' ? (
                <div className="wall-small">{text(s.message)}</div>
              ) : null}
            </td>
            <td>{s.scannedBy ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Counts(props: { counts: WallCounts }) {
  const { counts } = props;
  return (
    <>
      <dl className="wall-totals" data-testid="wall-totals">
        {SCAN_OUTCOMES.map((o) => (
          <div key={o} data-testid={`wall-total-${o}`}>
            <dt>
              <span className={`wall-outcome wall-outcome-${o}`}>
                <span aria-hidden="true">{SIGN[o]} </span>
                <FormattedMessage id={`scans.outcome.${o}`} />
              </span>
            </dt>
            <dd>{counts.byOutcome[o]}</dd>
          </div>
        ))}
      </dl>
      <h3>
        <FormattedMessage id="wall.bySector" />
      </h3>
      <table data-testid="wall-by-sector">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="scans.field.sector" />
            </th>
            <th scope="col" className="wall-count">
              <FormattedMessage id="wall.count" />
            </th>
          </tr>
        </thead>
        <tbody>
          {counts.bySector.map((s) => (
            <tr key={s.sector ?? ''}>
              <td>{s.sector ?? <FormattedMessage id="wall.noSector" />}</td>
              <td className="wall-count">{s.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>
        <FormattedMessage id="wall.byHour" />
      </h3>
      <table data-testid="wall-by-hour">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="wall.hour" />
            </th>
            <th scope="col" className="wall-count">
              <FormattedMessage id="wall.count" />
            </th>
          </tr>
        </thead>
        <tbody>
          {counts.byHour.map((h) => (
            <tr key={h.hour}>
              <td>{`${two(h.hour)}:00–${two(h.hour)}:59`}</td>
              <td className="wall-count">{h.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
