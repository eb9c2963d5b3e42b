import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { CARRIER_URL_KEYS } from '../integrations/carriers/carrier-adapters';
import { DEMO_OPERATORS } from '../modules/seed/demo-routing';
import { startFakeDpd } from './carriers/fake-dpd';
import { startFakeGls } from './carriers/fake-gls';
import { startFakeInpost } from './carriers/fake-inpost';
import { startFakeLandmark } from './carriers/fake-landmark';
import { startFakePacketa } from './carriers/fake-packeta';
import { startFakeUps } from './carriers/fake-ups';
import { SANDBOX_TYPES, SandboxJourneys, type SandboxFakes, type SandboxType } from './sandbox-journeys';

export interface CarrierSandboxes {
  /** The configuration with each sandbox's URL filled in and its type listed as a sandbox. */
  config: AppConfig;
  journeys: SandboxJourneys | null;
  close(): Promise<void>;
}

/** The demo carrier's credentials of a type (what the demo seed stores), as plain text. */
const demo = (type: SandboxType, key: string): string | undefined => {
  const o = DEMO_OPERATORS.find((d) => d.type === type);
  const v = o?.secrets[key] ?? o?.config[key];
  return v === undefined ? undefined : String(v);
};

/**
 * The demo's carrier sandboxes (decision 0148): with demo data on, every carrier type with an adapter and no
 * `CARRIER_<TYPE>_URL` gets its local fake (the same servers the tests use, speaking the carrier's real shapes),
 * accepting the demo carriers' credentials, on a free local port; the app is configured with their URLs and shows
 * those carriers as "sandbox". Registered shipments then move along a journey every `stepMs`. A configured URL is
 * never replaced: the app talks to that carrier. Off without demo data, or with CARRIER_SANDBOXES=off.
 */
export async function startCarrierSandboxes(
  config: AppConfig,
  log: Logger,
  stepMs: number,
): Promise<CarrierSandboxes> {
  const missing = SANDBOX_TYPES.filter((t) => !config.carriers[CARRIER_URL_KEYS[t]]);
  if (!config.demoData || !config.carrierSandboxes || missing.length === 0) {
    return { config, journeys: null, close: async () => undefined };
  }
  const start: { [T in SandboxType]: () => Promise<SandboxFakes[T]> } = {
    INPOST: () => startFakeInpost(demo('INPOST', 'apiToken')),
    UPS: () => startFakeUps(demo('UPS', 'clientId'), demo('UPS', 'clientSecret')),
    PACKETA: () => startFakePacketa(demo('PACKETA', 'apiPassword')),
    DPD: () => startFakeDpd(demo('DPD', 'login'), demo('DPD', 'password'), demo('DPD', 'masterFid')),
    GLS: () =>
      startFakeGls(demo('GLS', 'clientId'), demo('GLS', 'clientSecret'), demo('GLS', 'customerNumber')),
    LANDMARK: () => startFakeLandmark(),
  };
  const fakes: Partial<SandboxFakes> = {};
  await Promise.all(
    missing.map(async (t) => {
      (fakes as Record<string, unknown>)[t] = await start[t]();
    }),
  );
  const carriers = { ...config.carriers, sandbox: [...missing] };
  for (const t of missing) carriers[CARRIER_URL_KEYS[t]] = fakes[t]!.url;
  const journeys = new SandboxJourneys(fakes, stepMs);
  log.info(
    { context: 'carriers', sandboxes: Object.fromEntries(missing.map((t) => [t, fakes[t]!.url])) },
    'carrier sandboxes started (demo data on, no carrier URL configured)',
  );
  return {
    config: { ...config, carriers },
    journeys,
    async close() {
      journeys.stop();
      await Promise.all(missing.map((t) => fakes[t]!.close()));
    },
  };
}
