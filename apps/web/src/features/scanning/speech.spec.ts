import type { ScannedParcel } from '@depot/contracts';
import {
  PHRASES,
  Speaker,
  cueOfLookup,
  cueOfResult,
  phraseOf,
  pickPolishVoice,
  type SpeechHost,
} from './speech';

const voice = (lang: string, localService: boolean, name = `${lang} ${localService ? 'local' : 'net'}`) =>
  ({ lang, localService, name }) as SpeechSynthesisVoice;

describe('pickPolishVoice', () => {
  it('a local Polish voice before a network one, whatever the order', () => {
    const net = voice('pl-PL', false, 'Google polski');
    const local = voice('pl-PL', true, 'Zofia');
    expect(pickPolishVoice([voice('en-US', true), net, local])).toBe(local);
  });

  it('a network Polish voice when no local one; pl and pl_PL count', () => {
    const net = voice('pl-PL', false);
    expect(pickPolishVoice([voice('en-GB', true), net])).toBe(net);
    const android = voice('pl_PL', true);
    expect(pickPolishVoice([android])).toBe(android);
    const bare = voice('pl', true);
    expect(pickPolishVoice([bare])).toBe(bare);
  });

  it('none for no voices or no Polish one (not "plt" or "en-PL"... only pl)', () => {
    expect(pickPolishVoice([])).toBeNull();
    expect(pickPolishVoice([voice('en-US', true), voice('plt-MG', true)])).toBeNull();
  });
});

describe('phrases (SPEC 8)', () => {
  it('"Zeskanowano" for a parcel scanned earlier, "Brak sektora" for no sector', () => {
    expect(phraseOf('alreadyScanned', 'Berlin')).toBe('Zeskanowano');
    expect(phraseOf('noSector')).toBe('Brak sektora');
    expect(phraseOf('changed', 'Berlin')).toBe('Berlin');
    expect(phraseOf('changed', null)).toBe(PHRASES.changed);
  });
});

/** A speechSynthesis whose voices arrive late, as Chrome's do. */
function fakeHost(voices: SpeechSynthesisVoice[]) {
  const listeners = new Set<() => void>();
  let known: SpeechSynthesisVoice[] = [];
  const spoken: { text: string; lang: string; voice: unknown }[] = [];
  const synth = {
    getVoices: () => known,
    speak: (u: { text: string; lang: string; voice: unknown }) => spoken.push(u),
    cancel: jest.fn(),
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  class Utterance {
    lang = '';
    voice: unknown = null;
    constructor(readonly text: string) {}
  }
  const tones: number[] = [];
  class Audio {
    currentTime = 0;
    destination = {};
    createOscillator() {
      const osc = {
        frequency: { value: 0 },
        type: 'sine',
        connect: () => ({ connect: () => undefined }),
        start: () => tones.push(osc.frequency.value),
        stop: () => undefined,
      };
      return osc;
    }
    createGain() {
      return { gain: { value: 0 } };
    }
    close() {
      return Promise.resolve();
    }
  }
  const host = {
    speechSynthesis: synth,
    SpeechSynthesisUtterance: Utterance,
    AudioContext: Audio,
  } as unknown as SpeechHost;
  return {
    host,
    spoken,
    tones,
    arrive: () => {
      known = voices;
      listeners.forEach((l) => l());
    },
  };
}

describe('Speaker', () => {
  it('tones until the voices arrive, then Polish speech with the Polish voice', () => {
    const zofia = voice('pl-PL', true, 'Zofia');
    const f = fakeHost([voice('en-US', true), zofia]);
    const speaker = new Speaker(f.host);
    expect(speaker.speaks).toBe(false);
    expect(speaker.say('alreadyScanned')).toBe('tones');
    expect(f.tones).toEqual([660, 660]);
    expect(f.spoken).toEqual([]);
    f.arrive();
    expect(speaker.speaks).toBe(true);
    expect(speaker.say('alreadyScanned')).toBe('speech');
    expect(f.spoken).toEqual([expect.objectContaining({ text: 'Zeskanowano', lang: 'pl-PL', voice: zofia })]);
    speaker.dispose();
  });

  it('a device with voices but none Polish gets distinct tones per cue', () => {
    const f = fakeHost([voice('en-US', true)]);
    f.arrive();
    const speaker = new Speaker(f.host);
    expect(speaker.say('noSector')).toBe('tones');
    expect(speaker.say('error')).toBe('tones');
    expect(speaker.say('changed', 'Berlin')).toBe('tones');
    expect(f.tones).toEqual([440, 660, 220, 880]);
    expect(f.spoken).toEqual([]);
  });

  it('nothing to speak or play with is silent, not an error', () => {
    expect(new Speaker({}).say('error')).toBe('silent');
  });
});

describe('the cue of a scan (colour and words)', () => {
  const sector = { id: 's', sectorCountry: 'PL', sectorDescription: 'A1' };
  it.each([
    ['changed', sector, 'changed'],
    ['changed', null, 'noSector'],
    ['alreadyScanned', null, 'alreadyScanned'],
    ['alreadyScanned', sector, 'alreadyScanned'],
    ['refused', sector, 'error'],
    ['notFound', null, 'error'],
  ] as const)('a result %s (sector %o) → %s', (outcome, s, cue) => {
    expect(cueOfResult({ outcome, sector: s })).toBe(cue);
  });

  it('a looked-up parcel already in the status is "already scanned"; else by its sector', () => {
    const parcel = { status: 'inTransport', sector } as ScannedParcel;
    expect(cueOfLookup(parcel, 'inTransport')).toBe('alreadyScanned');
    expect(cueOfLookup(parcel, 'delivered')).toBe('changed');
    expect(cueOfLookup({ ...parcel, sector: null }, 'delivered')).toBe('noSector');
  });
});
