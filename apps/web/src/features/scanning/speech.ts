import type { ParcelStatus, ScanResult, ScannedParcel } from '@depot/contracts';

/**
 * What the scanning screen says (SPEC 8, decision 0130): Polish speech through speechSynthesis (lang pl-PL, a local
 * Polish voice when there is one, else any Polish voice), and distinct tones through WebAudio when the device has no
 * Polish voice at all (headless or Linux Chrome, some Android phones list none).
 */

/** What a scan sounded like: the tone family, and the words said for it. */
export type Cue = 'changed' | 'alreadyScanned' | 'noSector' | 'error' | 'waiting';

/** The cue of a sent scan: SPEC 8's "already scanned", "no sector", an error, or a change. */
export function cueOfResult(r: Pick<ScanResult, 'outcome' | 'sector'>): Cue {
  if (r.outcome === 'alreadyScanned') return 'alreadyScanned';
  if (r.outcome !== 'changed') return 'error';
  return r.sector ? 'changed' : 'noSector';
}

/** The cue of a looked-up scan waiting in the manual list. */
export function cueOfLookup(p: ScannedParcel, status: ParcelStatus): Cue {
  if (p.status === status) return 'alreadyScanned';
  return p.sector ? 'changed' : 'noSector';
}

/** SPEC 8's words: "Zeskanowano" for a parcel scanned earlier, "Brak sektora" for one without a sector. */
export const PHRASES: Record<Cue, string> = {
  changed: 'OK',
  alreadyScanned: 'Zeskanowano',
  noSector: 'Brak sektora',
  error: 'Błąd',
  waiting: 'Zapisano',
};

/** The words for a scan: a changed parcel says its sector (what the person needs to know), the rest their phrase. */
export function phraseOf(cue: Cue, sector?: string | null): string {
  return cue === 'changed' && sector ? sector : PHRASES[cue];
}

/** Tones per cue (frequency in Hz, duration in ms), distinct by pitch and rhythm. */
export const TONES: Record<Cue, readonly [number, number][]> = {
  changed: [[880, 120]],
  alreadyScanned: [
    [660, 90],
    [660, 90],
  ],
  noSector: [
    [440, 150],
    [660, 150],
  ],
  error: [[220, 450]],
  waiting: [[520, 80]],
};

type VoiceLike = Pick<SpeechSynthesisVoice, 'lang' | 'localService' | 'name'>;

const isPolish = (v: VoiceLike) => /^pl([-_]|$)/i.test(v.lang);

/** The voice to speak Polish with: a local Polish voice first, else any Polish voice, else none. */
export function pickPolishVoice<V extends VoiceLike>(voices: readonly V[]): V | null {
  return voices.find((v) => isPolish(v) && v.localService) ?? voices.find(isPolish) ?? null;
}

/** The parts of `window` the speaker uses (jsdom tests give their own). */
export interface SpeechHost {
  speechSynthesis?: SpeechSynthesis;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
  AudioContext?: typeof AudioContext;
}

/**
 * Says a cue. Voices load late (getVoices() is empty until `voiceschanged`), so the choice is made at each cue from
 * what is known then: the first scan after a page load may get tones, the next ones the voice.
 */
export class Speaker {
  private voices: SpeechSynthesisVoice[] = [];
  private audio: AudioContext | null = null;
  private readonly off: () => void;

  constructor(private readonly host: SpeechHost = window) {
    const synth = host.speechSynthesis;
    const load = () => {
      this.voices = synth?.getVoices() ?? [];
    };
    load();
    synth?.addEventListener?.('voiceschanged', load);
    this.off = () => synth?.removeEventListener?.('voiceschanged', load);
  }

  /** Whether words (not tones) would be spoken now. */
  get speaks(): boolean {
    return (
      !!this.host.speechSynthesis && !!this.host.SpeechSynthesisUtterance && !!pickPolishVoice(this.voices)
    );
  }

  say(cue: Cue, sector?: string | null): 'speech' | 'tones' | 'silent' {
    const synth = this.host.speechSynthesis;
    const Utterance = this.host.SpeechSynthesisUtterance;
    const voice = pickPolishVoice(this.voices);
    if (synth && Utterance && voice) {
      const u = new Utterance(phraseOf(cue, sector));
      u.lang = 'pl-PL';
      u.voice = voice;
      // A new scan cuts the last one short: the floor hears the current parcel, not a backlog.
      synth.cancel();
      synth.speak(u);
      return 'speech';
    }
    return this.tones(cue) ? 'tones' : 'silent';
  }

  private tones(cue: Cue): boolean {
    const Ctx = this.host.AudioContext;
    if (!Ctx) return false;
    try {
      this.audio ??= new Ctx();
      const ctx = this.audio;
      let t = ctx.currentTime;
      for (const [freq, ms] of TONES[cue]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = freq;
        osc.type = cue === 'error' ? 'square' : 'sine';
        gain.gain.value = 0.2;
        osc.connect(gain).connect(ctx.destination);
        osc.start(t);
        osc.stop(t + ms / 1000);
        t += ms / 1000 + 0.05;
      }
      return true;
    } catch {
      return false;
    }
  }

  dispose(): void {
    this.off();
    void this.audio?.close().catch(() => undefined);
  }
}
