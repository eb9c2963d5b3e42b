import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { SCAN_OUTCOMES, type ScanOutcome, type ScanRecord } from '../scans/schemas';

const v = MESSAGES.validation;

/** Every wall-screen token starts with this, so a leaked one is recognisable (and never taken for an API key). */
export const WALL_TOKEN_PREFIX = 'dpw_';
/** The part of a wall screen's address that carries its token: the URL fragment, which browsers never send. */
export const WALL_TOKEN_PARAM = 'wall';
/** Most links the list answers (a warehouse has a handful of screens; revoked ones stay listed). */
export const WALL_SCREEN_LIST_MAX = 500;
/** Most scans one `wall:since` answer carries; `more` says the screen should ask again. */
export const WALL_SINCE_MAX = 200;
/** How many of the latest scans a wall screen shows. */
export const WALL_RECENT = 30;

/** The path of a terminal's wall screen; with a token, the full link an admin copies (token in the fragment). */
export const wallScreenPath = (terminal: string, token?: string): string =>
  `/operatingModule/wall/${encodeURIComponent(terminal)}${token ? `#${WALL_TOKEN_PARAM}=${token}` : ''}`;

/** A terminal as the scan form names it: trimmed, 1–100 characters. */
const terminalField = z
  .string({ error: v.terminalRequired })
  .trim()
  .min(1, { error: v.terminalRequired })
  .max(100, { error: 'At most 100 characters' });

/** POST /operatingModule/wallScreens/create: which terminal the screen follows, and a name to tell screens apart. */
export const createWallScreenLinkSchema = z
  .object({ terminal: terminalField, name: requiredString(v.nameRequired, 100) })
  .strict();
export type CreateWallScreenLinkRequest = z.input<typeof createWallScreenLinkSchema>;

/** A wall-screen link as the list shows it: never its token. */
export const wallScreenLinkViewSchema = z.object({
  id: z.uuid(),
  terminal: z.string(),
  name: z.string(),
  /** Who issued it (name, or e-mail). */
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When a screen last connected with it. */
  lastSeenAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type WallScreenLinkView = z.infer<typeof wallScreenLinkViewSchema>;

/** The create reply: the only time the token is ever sent (the panel shows it as the full link). */
export const createdWallScreenLinkSchema = wallScreenLinkViewSchema.extend({ token: z.string() });
export type CreatedWallScreenLink = z.infer<typeof createdWallScreenLinkSchema>;

export const wallScreenLinkListSchema = z.object({ items: z.array(wallScreenLinkViewSchema) });

/** A shift's counts on a wall screen: the Warsaw day's scans of the terminal. */
export interface WallCounts {
  /** The Warsaw day counted (yyyy-MM-dd). */
  day: string;
  /** Every scan of the day, by outcome. */
  byOutcome: Record<ScanOutcome, number>;
  /** Scans of a parcel (not `notFound`) by sector label ("<country> <description>"); null = no sector. */
  bySector: { sector: string | null; count: number }[];
  /** Scans of a parcel by Warsaw hour (0–23). */
  byHour: { hour: number; count: number }[];
}

/**
 * Socket message `wall:since` (the wall screens' load and catch-up; the REST API never takes a wall token). Without
 * `afterSeq`: the latest scans and the day's counts. With it: the scans after that seq, oldest first.
 */
export interface WallSinceRequest {
  terminal: string;
  afterSeq?: number;
}
export type WallSinceAck =
  | {
      ok: true;
      terminal: string;
      /** Oldest first. */
      scans: ScanRecord[];
      /** More scans follow the last one sent: ask again after it. */
      more: boolean;
      /** Only on a first load (no `afterSeq`). */
      counts?: WallCounts;
    }
  | { ok: false; error: string };

export const emptyOutcomeCounts = (): Record<ScanOutcome, number> =>
  Object.fromEntries(SCAN_OUTCOMES.map((o) => [o, 0])) as Record<ScanOutcome, number>;
