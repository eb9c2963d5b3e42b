/**
 * Telling a scanner from a person (issue 14 item 2; decision 0130). A hardware scanner in keyboard-wedge mode types
 * the whole barcode in one burst, a few milliseconds between keys, and presses Enter straight after; a person types
 * 100–300 ms between keys. These rules read the keystrokes' times only, with no I/O, so the scanning screen and its
 * tests share them.
 */

/** One printable character as it arrived (`at` in milliseconds, e.g. `KeyboardEvent.timeStamp`). */
export interface Keystroke {
  char: string;
  at: number;
}

export interface WedgeOptions {
  /** The longest gap between two keys of one scan (Bluetooth scanners send in packets: allow some jitter). */
  maxGapMs: number;
  /** The largest average gap over the whole burst. */
  maxAverageGapMs: number;
  /** The fewest characters a scan has (a person's two quick keys are not a scan). */
  minLength: number;
  /** The longest wait between the burst's last character and Enter. */
  maxEnterGapMs: number;
}

/** Scanners measured in the field type at 1–20 ms a key; the fastest typists average ~60 ms, rarely below 35. */
export const WEDGE_DEFAULTS: WedgeOptions = {
  maxGapMs: 50,
  maxAverageGapMs: 25,
  minLength: 4,
  maxEnterGapMs: 100,
};

/**
 * What an Enter ended: a scanner's burst (`text`; anything typed before it in `typedBefore`), a person's typing (the
 * field's text is what they typed), or nothing at all.
 */
export type WedgeEntry =
  | { kind: 'scanner'; text: string; typedBefore: string }
  | { kind: 'typed'; text: string }
  | { kind: 'empty' };

/** The keys at the end of `keys` that follow each other within `maxGapMs`. */
function trailingBurst(keys: readonly Keystroke[], maxGapMs: number): number {
  let start = keys.length - 1;
  while (start > 0 && keys[start].at - keys[start - 1].at <= maxGapMs) start--;
  return start;
}

/** Classifies the keystrokes an Enter (at `enterAt`) ends: a scanner's burst or a person's typing. */
export function classifyEntry(
  keys: readonly Keystroke[],
  enterAt: number,
  options: WedgeOptions = WEDGE_DEFAULTS,
): WedgeEntry {
  if (keys.length === 0) return { kind: 'empty' };
  const all = keys.map((k) => k.char).join('');
  const start = trailingBurst(keys, options.maxGapMs);
  const burst = keys.slice(start);
  const first = burst[0];
  const last = burst[burst.length - 1];
  const averageGap = burst.length > 1 ? (last.at - first.at) / (burst.length - 1) : Infinity;
  const enterGap = enterAt - last.at;
  const isScan =
    burst.length >= options.minLength &&
    averageGap <= options.maxAverageGapMs &&
    enterGap >= 0 &&
    enterGap <= options.maxEnterGapMs;
  if (!isScan) return { kind: 'typed', text: all };
  return {
    kind: 'scanner',
    text: burst.map((k) => k.char).join(''),
    typedBefore: keys
      .slice(0, start)
      .map((k) => k.char)
      .join(''),
  };
}

/**
 * The keystrokes of one field (or of the page) since its last Enter. `edit()` records a change that is no scanner's
 * (Backspace, Delete, a paste, a cut): what came before it no longer counts, and without a burst after it the Enter
 * is a person's.
 */
export class KeystrokeLog {
  private keys: Keystroke[] = [];
  private edited = false;

  constructor(private readonly options: WedgeOptions = WEDGE_DEFAULTS) {}

  /** A printable character (a single code point); anything longer (e.g. "Shift") is ignored. */
  push(char: string, at: number): void {
    if ([...char].length !== 1) return;
    this.keys.push({ char, at });
  }

  /** A change no scanner makes. */
  edit(): void {
    this.keys = [];
    this.edited = true;
  }

  /** Enter: what it ends; the log starts again. */
  enter(at: number): WedgeEntry {
    const entry = classifyEntry(this.keys, at, this.options);
    const edited = this.edited;
    this.clear();
    if (entry.kind === 'empty' && edited) return { kind: 'typed', text: '' };
    return entry;
  }

  clear(): void {
    this.keys = [];
    this.edited = false;
  }

  get length(): number {
    return this.keys.length;
  }
}

/** One read of the camera's decoder: the code, the error of each decoded character (quagga2's decodedCodes). */
export interface CameraRead {
  code: string;
  errors: readonly number[];
  at: number;
}

export interface CameraFilterOptions {
  /** A read whose average character error is below this is trusted at once (Code128's checksum already passed). */
  maxAverageError: number;
  /** Otherwise the same code read this many times… */
  repeats: number;
  /** …within this window. */
  windowMs: number;
  /** An accepted code is not accepted again within this time (the parcel is still in front of the camera). */
  cooldownMs: number;
}

/** quagga2's maintainer's filter (average error < 25 %, or the same value 5×; quagga2 #540), with a shorter repeat. */
export const CAMERA_FILTER_DEFAULTS: CameraFilterOptions = {
  maxAverageError: 0.25,
  repeats: 3,
  windowMs: 2_000,
  cooldownMs: 3_000,
};

/** The average of the errors quagga2 gives per decoded character (Infinity when it gives none). */
export function averageError(errors: readonly number[]): number {
  const known = errors.filter((e) => Number.isFinite(e));
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : Infinity;
}

/**
 * Decides which camera reads become scans: quagga2 misreads a blurred frame now and then, so a read counts when its
 * error is low, or when the same code keeps coming; an accepted code then rests for `cooldownMs`.
 */
export class CameraReadFilter {
  private recent: { code: string; at: number }[] = [];
  private accepted = new Map<string, number>();

  constructor(private readonly options: CameraFilterOptions = CAMERA_FILTER_DEFAULTS) {}

  /** The code to scan, or null when this read is not (yet) trusted or was just scanned. */
  read(r: CameraRead): string | null {
    const code = r.code.trim();
    if (!code) return null;
    const last = this.accepted.get(code);
    if (last !== undefined && r.at - last < this.options.cooldownMs) return null;
    this.recent = this.recent.filter((x) => r.at - x.at <= this.options.windowMs);
    this.recent.push({ code, at: r.at });
    const seen = this.recent.filter((x) => x.code === code).length;
    if (averageError(r.errors) < this.options.maxAverageError || seen >= this.options.repeats) {
      this.accepted.set(code, r.at);
      this.recent = this.recent.filter((x) => x.code !== code);
      return code;
    }
    return null;
  }
}
