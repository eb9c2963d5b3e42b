import {
  rooms,
  warsawDay,
  type ClientToServerEvents,
  type ScanRecord,
  type ServerToClientEvents,
  type WallSinceAck,
} from '@depot/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readToken } from '../../session/cookie';
import { emptyCounts, loaded, resumeAfter, withScans, type WallState } from './wall-state';

type WallSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How a wall screen reads its terminal: a wall-screen link's token, or the signed-in person's session. */
export type WallAuth = { kind: 'link'; token: string } | { kind: 'session' };

/**
 * The screen's connection: connecting; live (loaded and caught up); lost (cut or offline, reconnecting by itself);
 * refused (the link or session does not open the terminal); revoked (the link was revoked while on screen).
 */
export type WallLinkState = 'connecting' | 'live' | 'lost' | 'refused' | 'revoked';

const ACK_MS = 10_000;
const RETRY_MS = 2_000;

/**
 * A terminal's scans, live (decision 0129). On every (re)connection the screen loads (first time, or on a new Warsaw
 * day) or asks for the scans after the last ones it saw, page by page, while live scans wait in a buffer; each scan
 * is taken once. When the browser goes offline the socket is closed at once (so the screen says so) and opened
 * again when it is back online.
 */
export function useWallFeed(
  terminal: string,
  auth: WallAuth,
): { state: WallState | null; link: WallLinkState } {
  const [state, setState] = useState<WallState | null>(null);
  const [link, setLink] = useState<WallLinkState>('connecting');
  const token = auth.kind === 'link' ? auth.token : null;

  useEffect(() => {
    let current: WallState | null = null;
    let syncing = false;
    let buffered: ScanRecord[] = [];
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const commit = (s: WallState) => {
      current = s;
      setState(s);
    };
    const socket: WallSocket = io({
      path: '/socket.io',
      transports: ['websocket'],
      auth: (cb) => cb(token ? { wallScreen: token } : { token: readToken() ?? '' }),
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
      randomizationFactor: 0.3,
    });
    const ask = async (afterSeq?: number): Promise<Extract<WallSinceAck, { ok: true }>> => {
      const ack = await socket
        .timeout(ACK_MS)
        .emitWithAck('wall:since', afterSeq === undefined ? { terminal } : { terminal, afterSeq });
      if (!ack.ok) throw new Error(ack.error);
      return ack;
    };
    const sync = async () => {
      syncing = true;
      try {
        if (!token) {
          const joined = await socket.timeout(ACK_MS).emitWithAck('subscribe', rooms.terminal(terminal));
          if (!joined.ok) throw new Error(joined.error);
        }
        if (!current || current.counts.day < warsawDay(new Date())) {
          const first = await ask();
          commit(loaded(first.scans, first.counts ?? emptyCounts(warsawDay(new Date()))));
        } else {
          let after = resumeAfter(current);
          for (;;) {
            const page = await ask(after);
            commit(withScans(current, page.scans));
            if (!page.more || page.scans.length === 0) break;
            after = page.scans[page.scans.length - 1].seq;
          }
        }
        commit(withScans(current!, buffered));
        buffered = [];
        syncing = false;
        if (socket.connected) setLink('live');
      } catch (err) {
        syncing = false;
        if (stopped) return;
        if ((err as Error).message === 'Forbidden') return void setLink('refused');
        // A timeout or a server that could not read: try again while connected (live scans keep buffering).
        setLink('lost');
        syncing = true;
        retry = setTimeout(() => void (socket.connected ? sync() : undefined), RETRY_MS);
      }
    };
    socket.on('connect', () => void sync());
    socket.on('disconnect', () => {
      clearTimeout(retry);
      if (!stopped) setLink((l) => (l === 'revoked' || l === 'refused' ? l : 'lost'));
    });
    socket.on('connect_error', (err) => {
      // The server refuses a revoked or unknown link (or an ended session); socket.io then stops retrying.
      if (err.message === 'Unauthorized' && !socket.active) setLink('refused');
      else setLink('lost');
    });
    socket.on('session:ended', ({ reason }) => {
      stopped = true;
      setLink(reason === 'revoked' && token ? 'revoked' : 'refused');
    });
    socket.on('scan:recorded', (scan) => {
      if (scan.terminal !== terminal && token === null) return;
      if (syncing || !current) buffered.push(scan);
      else commit(withScans(current, [scan]));
    });
    const offline = () => {
      socket.disconnect();
      setLink('lost');
    };
    const online = () => {
      if (!stopped && !socket.connected) socket.connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      socket.disconnect();
    };
  }, [terminal, token]);

  return { state, link };
}
