import { DEFAULT_SCAN_TIMEZONE, type ParcelStatus } from '@depot/contracts';
import { cleanScannedCode, normalScannedNumber } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, describeError, type ErrorText } from '../../../api/errors';
import { connectionStateAtom } from '../../../realtime/RealtimeProvider';
import { currentUserAtom } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { scansApi } from '../api';
import {
  isConnectionError,
  MANUAL_QUEUE_KEY,
  OUTBOX_KEY,
  OutboxSender,
  ScanList,
  type QueuedScan,
  type ScanFields,
  type ScanSource,
  type SenderState,
} from '../outbox';
import { carModeMissing, statusOf, type ScanSettings } from '../settings';
import { Speaker, cueOfLookup, cueOfResult, type Cue } from '../speech';

/** The scan shown in large type: what it is, how far it got, and what came of it. */
export interface CurrentScan {
  scanId: string;
  number: string;
  source: ScanSource;
  phase: 'sending' | 'looking' | 'waiting' | 'queued' | 'done' | 'refused';
  cue?: Cue;
  internalNumber?: string | null;
  sector?: string | null;
  status?: ParcelStatus;
  message?: ErrorText | null;
}

let lists: { outbox: ScanList; manual: ScanList } | null = null;
/** The device's two lists (one instance per tab, shared by remounts of the screen). */
function deviceLists() {
  lists ??= { outbox: new ScanList(OUTBOX_KEY), manual: new ScanList(MANUAL_QUEUE_KEY) };
  return lists;
}

const sectorText = (s: { sectorDescription: string } | null | undefined) => s?.sectorDescription ?? null;

const useList = (list: ScanList, userId: string) =>
  useSyncExternalStore(
    useCallback((cb) => list.subscribe(cb), [list]),
    useCallback(() => list.all(), [list]),
  ).filter((s) => s.userId === userId);

/**
 * The scanning screen's work (decision 0130): a scan is checked, shown at once, spoken, and sent through the device's
 * outbox (automatic) or kept in the manual list until "Send all". The outbox is sent in order, with each scan's id;
 * without a connection it waits on the device and is sent when the connection returns (online event, the live
 * connection back, or a retry every few seconds).
 */
export function useScanSession(settings: ScanSettings) {
  const user = useAtomValue(currentUserAtom);
  const userId = user?.id ?? '';
  const connection = useAtomValue(connectionStateAtom);
  const notify = useNotify();
  const { outbox, manual } = deviceLists();
  const [current, setCurrent] = useState<CurrentScan | null>(null);
  const [senderState, setSenderState] = useState<SenderState>('idle');
  const currentRef = useRef(current);
  currentRef.current = current;
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const speaker = useMemo(() => new Speaker(window), []);
  useEffect(() => () => speaker.dispose(), [speaker]);

  const say = useCallback(
    (cue: Cue, sector?: string | null) => {
      if (settingsRef.current.voice) speaker.say(cue, sector);
    },
    [speaker],
  );

  const sender = useMemo(
    () =>
      new OutboxSender(
        outbox,
        (body) => scansApi.setStatus(body),
        {
          onResults: (results, batch) => {
            const shown = currentRef.current;
            const mine = shown && results.find((r) => r.scanId === shown.scanId);
            // A manual list's "Send all" is one batch: say how many went.
            if (batch[0].batch !== batch[0].scanId)
              notify.success({ id: 'scanning.queue.sent', values: { count: results.length } });
            if (!mine) return;
            const cue = cueOfResult(mine);
            setCurrent({
              ...shown,
              phase: 'done',
              cue,
              internalNumber: mine.internalNumber,
              sector: sectorText(mine.sector),
              status: mine.status,
              message: mine.message ? { text: mine.message } : null,
            });
            say(cue, sectorText(mine.sector));
          },
          onRefused: (err, batch) => {
            const shown = currentRef.current;
            if (shown && batch.some((s) => s.scanId === shown.scanId)) {
              setCurrent({ ...shown, phase: 'refused', cue: 'error', message: describeError(err) });
              say('error');
            } else notify.failure(err);
          },
          onState: setSenderState,
        },
        userId,
      ),
    [outbox, userId, say, notify],
  );

  // Send what waits: now, when the browser is back online, when the live connection returns, and every 5 s.
  const waiting = useList(outbox, userId);
  useEffect(() => {
    if (!userId) return undefined;
    void sender.drain();
    const online = () => void sender.drain();
    const storage = (e: StorageEvent) => {
      if (e.key === OUTBOX_KEY) outbox.reload();
      if (e.key === MANUAL_QUEUE_KEY) manual.reload();
    };
    window.addEventListener('online', online);
    window.addEventListener('storage', storage);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('storage', storage);
    };
  }, [sender, userId, outbox, manual]);
  useEffect(() => {
    if (connection === 'live' && outbox.ofUser(userId).length) void sender.drain();
  }, [connection, sender, outbox, userId]);
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return undefined;
    const timer = setInterval(() => void sender.drain(), 5_000);
    return () => clearInterval(timer);
  }, [hasWaiting, sender]);
  // The scan shown as "sending" that stayed in the outbox after a failed drain is waiting on the device.
  useEffect(() => {
    if (senderState !== 'offline') return;
    setCurrent((c) =>
      c && c.phase === 'sending' && outbox.all().some((s) => s.scanId === c.scanId)
        ? { ...c, phase: 'waiting', cue: 'waiting' }
        : c,
    );
  }, [senderState, outbox]);

  const fieldsOf = (s: ScanSettings): ScanFields => ({
    name: statusOf(s),
    terminal: s.terminal.trim(),
    timezone: DEFAULT_SCAN_TIMEZONE,
    ...(s.description.trim() ? { description: s.description.trim() } : {}),
    ...(s.carMode ? { driver: s.driver.trim(), registrationNumber: s.registrationNumber.trim() } : {}),
  });

  /** A scan from the scanner, the camera or the keyboard. */
  const scan = useCallback(
    async (raw: string, source: ScanSource) => {
      const s = settingsRef.current;
      const number = normalScannedNumber(cleanScannedCode(raw));
      if (!number || !userId) return;
      const base = { scanId: crypto.randomUUID(), number, source };
      const refuse = (id: string) => {
        setCurrent({ ...base, phase: 'refused', cue: 'error', message: { id } });
        say('error');
      };
      if (number.length > 100) return refuse('server.scanNumberRequired');
      if (source === 'typed' && !s.virtualScan) return refuse('scanning.refused.virtualScanOff');
      if (carModeMissing(s).length) return refuse('scanning.refused.carMode');
      const queued: QueuedScan = {
        ...base,
        at: new Date().toISOString(),
        fields: fieldsOf(s),
        userId,
        batch: base.scanId,
      };
      if (s.autoSend) {
        setCurrent({ ...base, phase: navigator.onLine ? 'sending' : 'waiting' });
        if (!navigator.onLine) say('waiting');
        outbox.add([queued]);
        // Still on the device once the drain stopped: the connection failed, the scan waits (shown grey).
        return void sender.drain().then(() => {
          if (!outbox.all().some((q) => q.scanId === queued.scanId)) return;
          setCurrent((c) =>
            c?.scanId === queued.scanId && c.phase === 'sending'
              ? { ...c, phase: 'waiting', cue: 'waiting' }
              : c,
          );
        });
      }
      setCurrent({ ...base, phase: 'looking' });
      try {
        const { parcel } = await scansApi.lookup(number);
        const seen = parcel && {
          internalNumber: parcel.internalNumber,
          sector: sectorText(parcel.sector),
          status: parcel.status,
        };
        manual.add([{ ...queued, seen }]);
        const cue = parcel ? cueOfLookup(parcel, queued.fields.name) : 'changed';
        setCurrent({ ...base, phase: 'queued', cue, ...(seen ?? {}) });
        say(cue, seen?.sector);
      } catch (err) {
        if (isConnectionError(err) || (err instanceof ApiError && !navigator.onLine)) {
          manual.add([{ ...queued, seen: null }]);
          setCurrent({ ...base, phase: 'queued', cue: 'waiting' });
          return say('waiting');
        }
        // SPEC 8: any other error is shown and the scan cancelled (not added to the list).
        setCurrent({ ...base, phase: 'refused', cue: 'error', message: describeError(err) });
        say('error');
      }
    },
    [userId, say, outbox, manual, sender],
  );

  /** "Send all": the manual list goes to the outbox as one batch (one request), and is sent. */
  const sendAll = useCallback(() => {
    const mine = manual.ofUser(userId);
    if (!mine.length) return;
    const batch = crypto.randomUUID();
    outbox.add(mine.map((s) => ({ ...s, batch })));
    manual.remove(mine.map((s) => s.scanId));
    void sender.drain();
  }, [manual, outbox, sender, userId]);

  const removeQueued = useCallback((scanId: string) => manual.remove([scanId]), [manual]);

  return {
    current,
    clearCurrent: () => setCurrent(null),
    scan,
    sendAll,
    removeQueued,
    queued: useList(manual, userId),
    waiting,
    offline: senderState === 'offline' || connection === 'interrupted',
  };
}
