import type { CameraRead } from '@depot/domain';
import type { QuaggaJSConfigObject, QuaggaJSResultObject } from '@ericblade/quagga2';

/**
 * The camera scanner (decision 0130): quagga2, Code128 only, loaded when the camera is first opened (it is 150 kB
 * and most stations use a hardware scanner). Reads go through CameraReadFilter (libs/domain) before they count.
 */

type Quagga = (typeof import('@ericblade/quagga2'))['default'];
let loading: Promise<Quagga> | null = null;

function quagga(): Promise<Quagga> {
  loading ??= import('@ericblade/quagga2').then((m) => m.default);
  return loading;
}

const decoder = { readers: ['code_128_reader' as const], multiple: false as const };

/** A quagga2 result as a read for the filter: the code and each decoded character's error. */
export function readOf(result: QuaggaJSResultObject | undefined, at: number): CameraRead | null {
  const code = result?.codeResult?.code;
  if (!code) return null;
  const errors = (result.codeResult.decodedCodes ?? [])
    .map((c) => c.error)
    .filter((e): e is number => typeof e === 'number');
  return { code, errors, at };
}

/** Starts the live camera into `target`; every decoded frame goes to `onRead`. Returns the stop function. */
export async function startCamera(
  target: HTMLElement,
  onRead: (read: CameraRead) => void,
): Promise<() => Promise<void>> {
  const q = await quagga();
  const config: QuaggaJSConfigObject = {
    inputStream: {
      type: 'LiveStream',
      target,
      constraints: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
    },
    locate: true,
    // quagga2 defaults to 60 frames a second; ten keep a phone cool and still read a label in under a second.
    frequency: 10,
    decoder,
  };
  await q.init(config);
  const handler = (result: QuaggaJSResultObject) => {
    const read = readOf(result, performance.now());
    if (read) onRead(read);
  };
  q.onDetected(handler);
  q.start();
  return async () => {
    q.offDetected(handler);
    await q.stop();
  };
}

/** Decodes one image (a photo of a label, as a data or object URL); null when no Code128 is found. */
export async function decodeImage(src: string): Promise<CameraRead | null> {
  const q = await quagga();
  const result = await q
    .decodeSingle({ src, numOfWorkers: 0, inputStream: { size: 1600 }, locate: true, decoder })
    .catch(() => undefined);
  return readOf(result, performance.now());
}
