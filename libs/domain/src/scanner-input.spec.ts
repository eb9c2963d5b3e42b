import {
  CameraReadFilter,
  KeystrokeLog,
  WEDGE_DEFAULTS,
  averageError,
  cleanScannedCode,
  classifyEntry,
  type Keystroke,
} from './scanner-input';

/** Keystrokes of `text` starting at `t0`, one every `gap` ms (or the gaps given one by one). */
function keys(text: string, gap: number | number[], t0 = 1_000): Keystroke[] {
  let at = t0;
  return [...text].map((char, i) => {
    if (i > 0) at += Array.isArray(gap) ? gap[i - 1] : gap;
    return { char, at };
  });
}
const lastAt = (k: Keystroke[]) => k[k.length - 1].at;

describe('classifyEntry: a scanner burst or a person typing', () => {
  it.each<[string, string, number | number[], number, 'scanner' | 'typed']>([
    ['a USB scanner, 2 ms a key', 'DPD123456789', 2, 5, 'scanner'],
    ['a scanner sending every key in the same millisecond', 'ABCDEF', 0, 0, 'scanner'],
    ['a scanner at 20 ms a key', 'PL000123', 20, 20, 'scanner'],
    [
      'a Bluetooth scanner in packets (0, 0, 40, 0, 0, 40…)',
      '1234567890',
      [0, 0, 40, 0, 0, 40, 0, 0, 40],
      5,
      'scanner',
    ],
    ['the shortest scan (4 characters)', 'A1B2', 3, 3, 'scanner'],
    ['a 3-character burst is too short', 'A1B', 3, 3, 'typed'],
    ['a person at 150 ms a key', 'DPD123', 150, 200, 'typed'],
    ['a fast typist at 60 ms a key', 'DPD12345', 60, 80, 'typed'],
    ['a fast typist with rolled keys (average 40 ms)', 'abcdefgh', [35, 45, 35, 45, 35, 45, 40], 60, 'typed'],
    ['every gap under 50 ms but the average 40 ms', 'ABCDEFGHIJ', 40, 10, 'typed'],
    ['a scanner slowed by a busy computer (30 ms a key)', 'DPD123456789', 30, 20, 'scanner'],
    [
      'a 70 ms stall inside a burst: still one scan, never a truncated number',
      'ABCDEFG',
      [2, 2, 2, 2, 70, 2],
      2,
      'scanner',
    ],
    [
      'two 150 ms stalls in a long burst: one scan',
      'CMWZ219K53X040000000001',
      [3, 3, 150, 3, 3, 3, 3, 3, 3, 3, 150, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
      4,
      'scanner',
    ],
    [
      'three stalls are too many',
      'ABCDEFGHIJKLMNOPQRST',
      [2, 70, 2, 2, 2, 70, 2, 2, 2, 70, 2, 2, 2, 2, 2, 2, 2, 2, 2],
      2,
      'typed',
    ],
    ['a stall that drags the average over 35 ms', 'ABCDEF', [2, 2, 200, 2, 2], 2, 'typed'],
    ['a burst left alone, Enter pressed by hand a second later', 'DPD123456', 2, 1_000, 'typed'],
    ['Enter 100 ms after the burst still ends it', 'DPD123456', 2, 100, 'scanner'],
    ['Enter 101 ms after the burst is a person', 'DPD123456', 2, 101, 'typed'],
    ['a single character', 'A', 0, 1, 'typed'],
  ])('%s → %s', (_name, text, gap, enterGap, kind) => {
    const k = keys(text, gap);
    const entry = classifyEntry(k, lastAt(k) + enterGap);
    expect(entry.kind).toBe(kind);
    expect(entry.kind === 'empty' ? '' : entry.text).toBe(text);
  });

  it('nothing typed is empty', () => {
    expect(classifyEntry([], 5)).toEqual({ kind: 'empty' });
  });

  it('a burst after a person typed and paused: the burst is the scan, the typing is kept apart', () => {
    const typed = keys('ab', 200, 0);
    const burst = keys('PL99887766', 3, lastAt(typed) + 1_500);
    expect(classifyEntry([...typed, ...burst], lastAt(burst) + 4)).toEqual({
      kind: 'scanner',
      text: 'PL99887766',
      typedBefore: 'ab',
    });
  });

  it('a burst right after a person typed (no pause): one entry, typed, never the burst alone', () => {
    const typed = keys('ab', 200, 0);
    const burst = keys('PL99887766', 3, lastAt(typed) + 300);
    expect(classifyEntry([...typed, ...burst], lastAt(burst) + 4)).toEqual({
      kind: 'typed',
      text: 'abPL99887766',
    });
  });

  it('a person typing after a burst without Enter: the whole is typing', () => {
    const burst = keys('PL9988', 3, 0);
    const typed = keys('12', 180, lastAt(burst) + 500);
    expect(classifyEntry([...burst, ...typed], lastAt(typed) + 100)).toEqual({
      kind: 'typed',
      text: 'PL998812',
    });
  });

  it('Enter before the last key (clock skew) is not a scan', () => {
    const k = keys('ABCDEF', 2);
    expect(classifyEntry(k, lastAt(k) - 1).kind).toBe('typed');
  });

  it('options tune the thresholds', () => {
    const k = keys('ABC', 5);
    expect(classifyEntry(k, lastAt(k) + 5, { ...WEDGE_DEFAULTS, minLength: 3 }).kind).toBe('scanner');
    const slow = keys('ABCDEF', 45);
    expect(classifyEntry(slow, lastAt(slow) + 5).kind).toBe('typed');
    expect(classifyEntry(slow, lastAt(slow) + 5, { ...WEDGE_DEFAULTS, maxAverageGapMs: 50 }).kind).toBe(
      'scanner',
    );
  });
});

describe('KeystrokeLog: the keys of one field since its last Enter', () => {
  const feed = (log: KeystrokeLog, k: Keystroke[]) => k.forEach((x) => log.push(x.char, x.at));

  it('a burst then Enter is a scan, and the log starts again', () => {
    const log = new KeystrokeLog();
    const k = keys('UPS1Z999', 4);
    feed(log, k);
    expect(log.length).toBe(8);
    expect(log.enter(lastAt(k) + 5)).toEqual({ kind: 'scanner', text: 'UPS1Z999', typedBefore: '' });
    expect(log.length).toBe(0);
    expect(log.enter(lastAt(k) + 10)).toEqual({ kind: 'empty' });
  });

  it('keys that are not one character (Shift, Tab) are not recorded', () => {
    const log = new KeystrokeLog();
    log.push('Shift', 0);
    log.push('Tab', 1);
    expect(log.length).toBe(0);
    log.push('ą', 2);
    expect(log.length).toBe(1);
  });

  it('an edit (Backspace, paste) makes a following Enter a person’s', () => {
    const log = new KeystrokeLog();
    feed(log, keys('DPD12', 3));
    log.edit();
    expect(log.enter(100)).toEqual({ kind: 'typed', text: '' });
  });

  it('a burst after an edit is still a scan', () => {
    const log = new KeystrokeLog();
    feed(log, keys('xx', 200, 0));
    log.edit();
    const burst = keys('GLS000111222', 2, 2_000);
    feed(log, burst);
    expect(log.enter(lastAt(burst) + 3)).toEqual({
      kind: 'scanner',
      text: 'GLS000111222',
      typedBefore: '',
    });
  });

  it('clear forgets everything', () => {
    const log = new KeystrokeLog();
    feed(log, keys('ABCD', 2));
    log.edit();
    log.clear();
    expect(log.enter(50)).toEqual({ kind: 'empty' });
  });
});

describe('camera reads', () => {
  it('averageError ignores unknown errors; none known is Infinity', () => {
    expect(averageError([0.1, 0.3, Number.NaN])).toBeCloseTo(0.2);
    expect(averageError([])).toBe(Infinity);
  });

  it('a clean read is accepted at once, then rests for the cooldown', () => {
    const f = new CameraReadFilter();
    expect(f.read({ code: 'DPD1', errors: [0.05, 0.1], at: 0 })).toBe('DPD1');
    expect(f.read({ code: 'DPD1', errors: [0.05], at: 1_000 })).toBeNull();
    expect(f.read({ code: 'DPD1', errors: [0.05], at: 3_000 })).toBe('DPD1');
  });

  it('a noisy read counts only when it repeats three times within the window', () => {
    const f = new CameraReadFilter();
    const noisy = (code: string, at: number) => f.read({ code, errors: [0.4, 0.3], at });
    expect(noisy('DPD2', 0)).toBeNull();
    expect(noisy('DPD2', 300)).toBeNull();
    expect(noisy('DPD2', 600)).toBe('DPD2');
  });

  it('noisy reads too far apart never add up', () => {
    const f = new CameraReadFilter();
    const noisy = (at: number) => f.read({ code: 'DPD3', errors: [0.5], at });
    expect(noisy(0)).toBeNull();
    expect(noisy(2_500)).toBeNull();
    expect(noisy(5_000)).toBeNull();
  });

  it('misreads in between do not count for the real code', () => {
    const f = new CameraReadFilter();
    const noisy = (code: string, at: number) => f.read({ code, errors: [0.3], at });
    expect(noisy('DPD4', 0)).toBeNull();
    expect(noisy('DPD7', 100)).toBeNull();
    expect(noisy('DPD4', 200)).toBeNull();
    expect(noisy('DPD4', 300)).toBe('DPD4');
  });

  it('control characters (FNC1 read as GS) are not part of the number', () => {
    expect(cleanScannedCode('CMWZ0001\u001d')).toBe('CMWZ0001');
    expect(cleanScannedCode(' \u001dAB\u001dCD\n')).toBe('ABCD');
    const f = new CameraReadFilter();
    expect(f.read({ code: 'DPD9\u001d', errors: [0.01], at: 0 })).toBe('DPD9');
  });

  it('an empty or blank code is never a scan', () => {
    const f = new CameraReadFilter();
    expect(f.read({ code: '  ', errors: [0], at: 0 })).toBeNull();
  });

  it('a read without error figures needs the repeats', () => {
    const f = new CameraReadFilter();
    expect(f.read({ code: 'X1', errors: [], at: 0 })).toBeNull();
    expect(f.read({ code: 'X1', errors: [], at: 10 })).toBeNull();
    expect(f.read({ code: 'X1', errors: [], at: 20 })).toBe('X1');
  });
});
