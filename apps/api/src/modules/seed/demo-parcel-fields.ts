import type { CountryCode, ParcelSource } from '@depot/contracts';
import type { ParcelAddress } from '../../db/schema';
import {
  CONTENTS_EN,
  CONTENTS_PL,
  DEMO_COUNTRIES,
  NOTES,
  OTHER_FIRST_NAMES,
  OTHER_LAST_NAMES,
  POLISH_FIRST_NAMES,
  POLISH_LAST_NAMES,
} from './demo-places';
import type { DemoRandom } from './demo-random';

/** The fields of demo parcels drawn at random: recipients, goods, reference and carrier numbers (decision 0090). */

/** Where parcels come from, by weight (`parcel` is kept for return parcels). */
export const SOURCE_WEIGHTS: Record<Exclude<ParcelSource, 'parcel'>, number> = {
  form: 300,
  api: 240,
  baselinker: 120,
  file: 80,
  amazon: 70,
  ebay: 60,
  hood: 20,
  hitflip: 15,
  gutschrift: 15,
  sellcreator: 20,
  isf: 20,
  cdnXL: 20,
};

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A recipient somewhere in `country`, with a phone and mostly an e-mail. */
export function recipient(country: CountryCode, rng: DemoRandom): ParcelAddress {
  const c = DEMO_COUNTRIES[country];
  const place = rng.pick(c.places);
  const polish = country === 'PL';
  const first = rng.pick(polish ? POLISH_FIRST_NAMES : OTHER_FIRST_NAMES);
  const last = rng.pick(polish ? POLISH_LAST_NAMES : OTHER_LAST_NAMES);
  return {
    name: `${first} ${last}`,
    street: place.street,
    building: rng.chance(0.3) ? `${rng.int(1, 180)}/${rng.int(1, 40)}` : String(rng.int(1, 180)),
    city: place.city,
    zipCode: place.zipCode,
    country,
    phone: `${c.phone} ${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`,
    email: rng.chance(0.85) ? `${ascii(first)}.${ascii(last)}${rng.int(1, 99)}@example.com` : null,
  };
}

export interface DemoGoods {
  weightKg: string;
  sizeCmL: number;
  sizeCmW: number;
  sizeCmD: number;
  packageCount: number;
  value: string;
  content: string;
}

/** Mostly light parcels (0.2–30 kg, within every demo carrier's limit), some of several packages. */
export function goods(polishSender: boolean, rng: DemoRandom): DemoGoods {
  const weight = 0.2 + Math.pow(rng.next(), 2.2) * 29.8;
  const side = Math.round(15 + Math.cbrt(weight) * 12);
  return {
    weightKg: weight.toFixed(3),
    sizeCmL: side + rng.int(0, 20),
    sizeCmW: Math.max(5, side - rng.int(0, 10)),
    sizeCmD: Math.max(2, Math.round(side / 2) - rng.int(0, 6)),
    packageCount: rng.chance(0.12) ? rng.int(2, 4) : 1,
    value: (rng.between(20, 2000) * (rng.chance(0.1) ? 3 : 1)).toFixed(2),
    content: rng.pick(polishSender ? CONTENTS_PL : CONTENTS_EN),
  };
}

/** The order number a shop or marketplace gives (null for some hand-made parcels). */
export function referenceNumber(source: ParcelSource, year: number, rng: DemoRandom): string | null {
  switch (source) {
    case 'amazon':
      return `${rng.int(302, 408)}-${rng.digits(7)}-${rng.digits(7)}`;
    case 'ebay':
      return `${rng.digits(2)}-${rng.digits(5)}-${rng.digits(5)}`;
    case 'baselinker':
      return `BL${rng.digits(8)}`;
    case 'api':
      return `ORD-${year}-${rng.digits(6)}`;
    case 'form':
      return rng.chance(0.5) ? `ZAM/${year}/${rng.int(1, 9999)}` : null;
    default:
      return `${source.toUpperCase()}-${rng.digits(7)}`;
  }
}

/** A tracking number in the carrier type's usual format (demo only: not a valid waybill anywhere). */
export function trackingNumber(operatorType: string, rng: DemoRandom): string {
  switch (operatorType) {
    case 'DPD':
      return `1000${rng.digits(9)}U`;
    case 'INPOST':
      return rng.digits(24);
    case 'UPS':
      return `1ZA1B2C368${rng.digits(8)}`;
    case 'PACKETA':
      return `Z${rng.digits(10)}`;
    default:
      return rng.digits(12);
  }
}

const INPOST_LOCKERS = ['WAW01M', 'KRA12M', 'GDA05M', 'POZ08M', 'WRO22N', 'LOD03M', 'ZGO01M', 'KAT07A'];

/** A pickup point for parcels of carriers that deliver to points: InPost lockers, Packeta points, DPD Pickup. */
export function dropOffPoint(operatorType: string | undefined, rng: DemoRandom): string | null {
  if (operatorType === 'INPOST') return rng.chance(0.7) ? rng.pick(INPOST_LOCKERS) : null;
  if (operatorType === 'PACKETA') return rng.chance(0.5) ? rng.digits(5) : null;
  if (operatorType === 'DPD') return rng.chance(0.1) ? `PL${rng.digits(5)}` : null;
  return null;
}

export const note = (rng: DemoRandom, p: number): string | null => (rng.chance(p) ? rng.pick(NOTES) : null);
