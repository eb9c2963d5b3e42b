import { H2, HTMLTable } from '@blueprintjs/core';
import { rooms, type ScanRecord } from '@depot/contracts';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { useDebounced } from '../../../ui/useDebounced';
import { useText } from '../../../ui/useText';
import { scansApi } from '../api';
import { cueOfResult } from '../speech';
import { Tag } from '../../../ui/Tag';

const SHOWN = 20;
const INTENT = {
  changed: 'success',
  alreadyScanned: 'primary',
  noSector: 'warning',
  error: 'danger',
} as const;

/** Newest first, one row per scan (a scan heard live and also fetched is one row). */
export function mergeScans(a: readonly ScanRecord[], b: readonly ScanRecord[]): ScanRecord[] {
  const bySeq = new Map<number, ScanRecord>();
  for (const s of [...a, ...b]) bySeq.set(s.seq, s);
  return [...bySeq.values()].sort((x, y) => y.seq - x.seq).slice(0, SHOWN);
}

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/**
 * The terminal's latest scans, by everyone scanning there (GET /operatingModule/scans), kept live through the
 * terminal's room and fetched again after a reconnect.
 */
export function RecentScans({ terminal: typed }: { terminal: string }) {
  const terminal = useDebounced(typed.trim(), 400);
  const realtime = useRealtime();
  const text = useText();
  const [items, setItems] = useState<ScanRecord[]>([]);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (!terminal) return;
    scansApi.recent(terminal, SHOWN).then(
      (r) => {
        setFailed(false);
        setItems((now) =>
          mergeScans(
            now.filter((s) => s.terminal === terminal),
            r.items,
          ),
        );
      },
      () => setFailed(true),
    );
  }, [terminal]);

  useEffect(() => {
    setItems([]);
    if (!terminal || !realtime) return undefined;
    const leave = realtime.join(rooms.terminal(terminal));
    const off = realtime.on('scan:recorded', (scan) => {
      if (scan.terminal === terminal) setItems((now) => mergeScans(now, [scan]));
    });
    const offResync = realtime.onResync(load);
    load();
    return () => {
      off();
      offResync();
      leave();
    };
  }, [terminal, realtime, load]);

  return (
    <section className="depot-scan-recent" aria-labelledby="scan-recent-title" data-testid="scan-recent">
      <H2 id="scan-recent-title" className="depot-scan-h2">
        <FormattedMessage id="scanning.recent.title" />{' '}
        <Tag minimal large data-testid="scan-recent-terminal">
          {terminal}
        </Tag>
      </H2>
      {failed && !items.length ? (
        <p className="bp6-text-muted">
          <FormattedMessage id="error.status.network" />
        </p>
      ) : null}
      {!items.length ? (
        <p className="bp6-text-muted" data-testid="scan-recent-empty">
          <FormattedMessage id="scanning.recent.empty" />
        </p>
      ) : (
        <HTMLTable compact striped className="depot-scan-table">
          <thead>
            <tr>
              {['scannedAt', 'number', 'sector', 'status', 'outcome', 'scannedBy'].map((f) => (
                <th scope="col" key={f}>
                  <FormattedMessage id={`scans.field.${f}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((s) => {
              const cue = cueOfResult(s);
              return (
                <tr key={s.seq} data-testid="scan-recent-row" data-outcome={s.outcome}>
                  <td>{timeOf(s.scannedAt)}</td>
                  <td data-testid="scan-recent-number">{s.internalNumber ?? s.number}</td>
                  <td>
                    {s.sector?.sectorDescription ??
                      (s.parcelId ? <FormattedMessage id="sectors.none" /> : '')}
                  </td>
                  <td>
                    <FormattedMessage id={`parcels.status.${s.status}`} />
                  </td>
                  <td title={s.message ? text(s.message) : undefined}>
                    <Tag minimal intent={cue === 'waiting' ? 'none' : INTENT[cue]}>
                      <FormattedMessage id={`scans.outcome.${s.outcome}`} />
                    </Tag>
                  </td>
                  <td>{s.scannedBy ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
