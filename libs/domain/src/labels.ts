import type {
  LabelClientFlags,
  LabelKind,
  LabelNotice,
  LabelPage,
  LabelParcel,
  ParcelStatus,
} from '@depot/contracts';

/**
 * Label rules (decision 0055): which labels a parcel gets, one per package, with which barcode, in which file, and
 * the SPEC 8 notices of a request. Pure: the API renders what these functions plan.
 */

/** No package exists (any more) for parcels in these statuses: they get no label. */
const NO_PACKAGE_STATUSES: readonly ParcelStatus[] = ['canceled', 'toCancel'];

/** The facts about a parcel the label kinds depend on. */
export interface LabelFacts {
  flags: LabelClientFlags;
  /** Routing chose a carrier (a last-mile label needs one). */
  hasCarrier: boolean;
  /** A return parcel (order type internalReturn) goes straight to its carrier: no first-mile leg. */
  isReturn: boolean;
  /** A package exists: the parcel is correct and not cancelled. */
  hasPackage: boolean;
}

/**
 * Which labels a parcel gets, first-mile first:
 * - `firstMile` adds a first-mile label (to our depot) before the carrier's last-mile label;
 * - `genOnlyFirstMile` prints the first-mile label only (implies a first-mile label even without `firstMile`);
 * - `dontPrintLastMile` leaves the last-mile label out (the carrier prints its own);
 * - a parcel without a carrier has no last-mile label; a return parcel has no first-mile leg;
 * - a parcel without a package (incorrect, cancelled) gets none.
 */
export function labelKinds(facts: LabelFacts): LabelKind[] {
  if (!facts.hasPackage) return [];
  const { flags } = facts;
  const firstMile = !facts.isReturn && (flags.firstMile || flags.genOnlyFirstMile);
  const lastMile =
    facts.hasCarrier && !flags.dontPrintLastMile && (facts.isReturn || !flags.genOnlyFirstMile);
  return [...(firstMile ? (['firstMile'] as const) : []), ...(lastMile ? (['lastMile'] as const) : [])];
}

export const labelFactsOf = (p: LabelParcel): LabelFacts => ({
  flags: p.flags,
  hasCarrier: p.carrierName !== null,
  isReturn: p.orderType === 'internalReturn',
  hasPackage: p.isCorrect && !NO_PACKAGE_STATUSES.includes(p.status),
});

const nonBlank = (v: string | null): string | null => (v !== null && v.trim() !== '' ? v.trim() : null);

/**
 * The number a leg's barcode starts from: the first-mile number (else the internal number) for the first mile; the
 * carrier's last-mile number, else the parcel's barcode, else its external number, else the internal number.
 */
export function legNumber(p: LabelParcel, kind: LabelKind): string {
  const candidates =
    kind === 'firstMile' ? [p.firstMileNumber] : [p.lastMileNumber, p.barcode, p.externalNumber];
  for (const c of candidates) {
    const v = nonBlank(c);
    if (v) return v;
  }
  return p.internalNumber;
}

/** The barcode of one package: the leg's number alone for a single package, `<number>-<n>` when there are several. */
export const packageBarcode = (base: string, packageNo: number, packageCount: number): string =>
  packageCount > 1 ? `${base}-${packageNo}` : base;

/** Every label of a parcel: for each kind, one per package ("1/3", "2/3", "3/3"). */
export function planLabels(p: LabelParcel): LabelPage[] {
  const count = Math.max(1, Math.floor(p.packageCount));
  return labelKinds(labelFactsOf(p)).flatMap((kind) => {
    const base = legNumber(p, kind);
    return Array.from({ length: count }, (_, i) => ({
      kind,
      parcel: p,
      packageNo: i + 1,
      packageCount: count,
      barcode: packageBarcode(base, i + 1, count),
    }));
  });
}

/** Code128 encodes ASCII only; other characters (e.g. Polish letters in a reference) become '?'. */
export const code128Safe = (value: string): string => value.replace(/[^\x20-\x7e]/g, '?');

/**
 * SPEC 8 notices of a label request over `requested` Order IDs, given how many labels each found parcel got:
 * - one Order ID that is not found (or not the caller's): only `noPackageFound`, which the panel keeps silent;
 * - several: one `orderNotFound` per missing id;
 * - a found parcel with no label: `noPackageCreated` for it;
 * - then `labelCount` with the total, or `blank` when there is no label at all.
 */
export function labelNotices(
  requested: readonly string[],
  labelsPerParcel: ReadonlyMap<string, number>,
): LabelNotice[] {
  const ids = [...new Set(requested)];
  const missing = ids.filter((id) => !labelsPerParcel.has(id));
  const notices: LabelNotice[] = [];
  if (ids.length === 1 && missing.length === 1) return [{ code: 'noPackageFound' }];
  for (const orderId of missing) notices.push({ code: 'orderNotFound', orderId });
  let total = 0;
  for (const id of ids) {
    const n = labelsPerParcel.get(id);
    if (n === undefined) continue;
    if (n === 0) notices.push({ code: 'noPackageCreated', orderId: id });
    total += n;
  }
  notices.push(total > 0 ? { code: 'labelCount', count: total } : { code: 'blank' });
  return notices;
}

/** The notices the panel shows (everything but the silent `noPackageFound`). */
export const visibleLabelNotices = (notices: readonly LabelNotice[]): LabelNotice[] =>
  notices.filter((n) => n.code !== 'noPackageFound');

/** One output file of a label request and the parcels it holds, in request order. */
export interface LabelFilePlan {
  /** File name stem, without the extension. */
  name: string;
  parcelIds: string[];
}

const fileSafe = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/Ł/g, 'L')
    .replace(/ł/g, 'l')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '') || 'labels';

/**
 * How labels are split into files (`combineLabels`, decision 0055). Parcels of clients that combine labels go into
 * one file per client; every other parcel gets its own file named after its internal number. A request that ends up
 * with one file is answered with that file; several go into one ZIP. ZPL is a stream of labels for a printer, so
 * it is always one file.
 */
export function planLabelFiles(parcels: readonly LabelParcel[], stem = 'labels'): LabelFilePlan[] {
  const files: LabelFilePlan[] = [];
  const byClient = new Map<string, LabelFilePlan>();
  for (const p of parcels) {
    if (!p.flags.combineLabels) {
      files.push({ name: fileSafe(p.internalNumber), parcelIds: [p.id] });
      continue;
    }
    let file = byClient.get(p.clientId);
    if (!file) {
      file = { name: `${stem}-${fileSafe(p.clientName)}`, parcelIds: [] };
      byClient.set(p.clientId, file);
      files.push(file);
    }
    file.parcelIds.push(p.id);
  }
  if (files.length === 1) return [{ name: stem, parcelIds: files[0].parcelIds }];
  const seen = new Map<string, number>();
  return files.map((f) => {
    const n = (seen.get(f.name) ?? 0) + 1;
    seen.set(f.name, n);
    return n === 1 ? f : { ...f, name: `${f.name}-${n}` };
  });
}
