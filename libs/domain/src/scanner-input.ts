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
  /** A gap between two keys longer than this is a stall (Bluetooth packets, a busy computer)… */
  maxGapMs: number;
  /** …and one scan may have at most this many stalls. */
  maxStalls: number;
  /** The largest average gap over the whole scan. */
  maxAverageGapMs: number;
  /** The fewest characters a scan has (a person's two quick keys are not a scan). */
  minLength: number;
  /** The longest wait between the last character and Enter. */
  maxEnterGapMs: number;
  /** Keys before a pause this long belong to something else (text a person left in the field). */
  pauseMs: number;
}

/**
 * Scanners type 1–20 ms a key; the fastest typists average ~60 ms a key (200 words a minute), and 35 ms would be
 * 340 words a minute: the average separates them with room for a busy computer's jitter on the scanner's side.
 */
export const WEDGE_DEFAULTS: WedgeOptions = {
  maxGapMs: 60,
  maxStalls: 2,
  maxAverageGapMs: 35,
  minLength: 4,
  maxEnterGapMs: 100,
  pauseMs: 1_000,
};

/**
 * What an Enter ended: a scanner's burst (`text`; anything typed before it in `typedBefore`), a person's typing (the
 * field's text is what they typed), or nothing at all.
 */
export type WedgeEntry =
  | { kind: 'scanner'; text: string; typedBefore: string }
  | { kind: 'typed'; text: string }
  | { kind: 'empty' };

const textOf = (keys: readonly Keystroke[]) => keys.map((k) => k.char).join('');

/**
 * Classifies the keystrokes an Enter (at `enterAt`) ends. The scan is the run of keys since the last pause: it is a
 * scanner's when it is long enough, fast on average, has few stalls and Enter follows at once. A stall never splits a
 * scan (that would scan a truncated number): keys within `pauseMs` of each other are one entry, all scanner or all
 * typed.
 */
export function classifyEntry(
  keys: readonly Keystroke[],
  enterAt: number,
  options: WedgeOptions = WEDGE_DEFAULTS,
): WedgeEntry {
  if (keys.length === 0) return { kind: 'empty' };
  let start = keys.length - 1;
  while (start > 0 && keys[start].at - keys[start - 1].at < options.pauseMs) start--;
  const run = keys.slice(start);
  const first = run[0];
  const last = run[run.length - 1];
  let stalls = 0;
  for (let i = 1; i < run.length; i++) if (run[i].at - run[i - 1].at > options.maxGapMs) stalls++;
  const averageGap = run.length > 1 ? (last.at - first.at) / (run.length - 1) : Infinity;
  const enterGap = enterAt - last.at;
  const isScan =
    run.length >= options.minLength &&
    averageGap <= options.maxAverageGapMs &&
    stalls <= options.maxStalls &&
    enterGap >= 0 &&
    enterGap <= options.maxEnterGapMs;
  if (!isScan) return { kind: 'typed', text: textOf(keys) };
  return { kind: 'scanner', text: textOf(run), typedBefore: textOf(keys.slice(0, start)) };
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

/**
 * A decoded barcode as a number: without control characters (Code128's FNC1 comes out of quagga2 as GS, 0x1D, and
 * GS1 labels separate their fields with it) and surrounding spaces.
 */
export function cleanScannedCode(code: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return code.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

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
    const code = cleanScannedCode(r.code);
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
