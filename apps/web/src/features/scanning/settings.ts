import { DEFAULT_SCAN_STATUS, DEFAULT_TERMINAL, SCAN_STATUSES, type ParcelStatus } from '@depot/contracts';

/**
 * The scanning screen's settings, kept per device (localStorage; decision 0130): a scanner station keeps its terminal,
 * its mode and its toggles across sign-ins and reloads.
 */
export interface ScanSettings {
  /** Automatic: each scan is sent at once. Manual: scans wait in a list until "Send all". */
  autoSend: boolean;
  voice: boolean;
  /** On: every scan sets the default status (SPEC 9 IN_TRANSPORT); off: the status chosen below. */
  defaultStatus: boolean;
  /** On: a number typed by hand (and Enter) counts as a scan; off: only a scanner or the camera scans. */
  virtualScan: boolean;
  /** Car mode: scans load a car, so the driver and its registration number are required. */
  carMode: boolean;
  status: ParcelStatus;
  terminal: string;
  driver: string;
  registrationNumber: string;
  description: string;
}

export const SETTINGS_KEY = 'depot.scan.settings';

export const DEFAULT_SETTINGS: ScanSettings = {
  autoSend: true,
  voice: true,
  defaultStatus: true,
  virtualScan: true,
  carMode: false,
  status: DEFAULT_SCAN_STATUS,
  terminal: DEFAULT_TERMINAL,
  driver: '',
  registrationNumber: '',
  description: '',
};

/** The device's settings: what is stored and still valid, the defaults for the rest. */
export function loadSettings(storage: Storage = localStorage): ScanSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // unreadable settings: the defaults
  }
  const out: ScanSettings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ScanSettings)[]) {
    const v = stored[key];
    if (typeof v === typeof DEFAULT_SETTINGS[key]) (out as unknown as Record<string, unknown>)[key] = v;
  }
  if (!SCAN_STATUSES.includes(out.status)) out.status = DEFAULT_SCAN_STATUS;
  if (!out.terminal.trim()) out.terminal = DEFAULT_TERMINAL;
  return out;
}

export function saveSettings(settings: ScanSettings, storage: Storage = localStorage): void {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // a full or blocked storage: the settings last until the page closes
  }
}

/** The status a scan sets with these settings. */
export const statusOf = (s: ScanSettings): ParcelStatus => (s.defaultStatus ? DEFAULT_SCAN_STATUS : s.status);

/** What car mode lacks (driver, registration number), as form field names. */
export function carModeMissing(s: ScanSettings): ('driver' | 'registrationNumber')[] {
  if (!s.carMode) return [];
  const missing: ('driver' | 'registrationNumber')[] = [];
  if (!s.driver.trim()) missing.push('driver');
  if (!s.registrationNumber.trim()) missing.push('registrationNumber');
  return missing;
}
