import type {
  LabelClientFlags,
  LabelFormat,
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

/**
 * Whether the parcel's last-mile leg is the carrier's own label in a file of `format` (decision 0149): the client
 * combines labels and the carrier gave one in that format at registration. A ZPL label cannot go into a PDF (nor the
 * reverse), so a file of the other format draws ours.
 */
export const usesCarrierLabel = (p: LabelParcel, format: LabelFormat | undefined): boolean =>
  format !== undefined && p.flags.combineLabels && p.carrierLabelFormat === format;

/**
 * Every label of a parcel: for each kind, one per package ("1/3", "2/3", "3/3"). In a file of `format`, a client
 * that combines labels gets the carrier's own label for the last mile: one page standing for all the packages.
 */
export function planLabels(p: LabelParcel, format?: LabelFormat): LabelPage[] {
  const count = Math.max(1, Math.floor(p.packageCount));
  return labelKinds(labelFactsOf(p)).flatMap((kind): LabelPage[] => {
    const base = legNumber(p, kind);
    if (kind === 'lastMile' && usesCarrierLabel(p, format)) {
      return [{ kind, parcel: p, packageNo: 1, packageCount: count, barcode: base, carrierLabel: true }];
    }
    return Array.from({ length: count }, (_, i) => ({
      kind,
      parcel: p,
      packageNo: i + 1,
      packageCount: count,
      barcode: packageBarcode(base, i + 1, count),
    }));
  });
}

/**
 * Our own labels in place of a planned page: the page itself, or for the carrier's label the last-mile labels we
 * would have drawn (what a file shows when the carrier's label cannot be read).
 */
export function drawnPages(page: LabelPage): LabelPage[] {
  if (!page.carrierLabel) return [page];
  const base = legNumber(page.parcel, page.kind);
  return Array.from({ length: page.packageCount }, (_, i) => ({
    kind: page.kind,
    parcel: page.parcel,
    packageNo: i + 1,
    packageCount: page.packageCount,
    barcode: packageBarcode(base, i + 1, page.packageCount),
  }));
}

/** The labels one planned page stands for: the carrier's label covers every package (one label each). */
export const pageLabels = (page: LabelPage): number => (page.carrierLabel ? page.packageCount : 1);

/** The labels of planned pages. */
export const labelCountOf = (pages: readonly LabelPage[]): number =>
  pages.reduce((n, page) => n + pageLabels(page), 0);

/** Code128 encodes ASCII only; other characters (e.g. Polish letters in a reference) become '?'. */
export const code128Safe = (value: string): string => value.replace(/[^\x20-\x7e]/g, '?');

/** What the notices need to know of a found parcel: its number (the one people see) and its label count. */
export interface FoundForNotices {
  number: string;
  labels: number;
}

/**
 * SPEC 8 notices of a label request over `requested` Order IDs, given the found parcels (decisions 0058, 0121).
 * Parcels are named by their number, never by an internal id:
 * - one Order ID that is not found (or not the caller's): only `noPackageFound`, which the panel keeps silent;
 * - several: one `notFound` with how many were not found (an id the caller may not see has no number to show);
 * - a found parcel with no label: `noPackageCreated` with its number;
 * - then `labelCount` with the total, or `blank` when there is no label at all.
 */
export function labelNotices(
  requested: readonly string[],
  found: ReadonlyMap<string, FoundForNotices>,
): LabelNotice[] {
  const ids = [...new Set(requested)];
  const missing = ids.filter((id) => !found.has(id)).length;
  if (ids.length === 1 && missing === 1) return [{ code: 'noPackageFound' }];
  const notices: LabelNotice[] = missing > 0 ? [{ code: 'notFound', count: missing }] : [];
  let total = 0;
  for (const id of ids) {
    const parcel = found.get(id);
    if (!parcel) continue;
    if (parcel.labels === 0) notices.push({ code: 'noPackageCreated', number: parcel.number });
    total += parcel.labels;
  }
  notices.push(total > 0 ? { code: 'labelCount', count: total } : { code: 'blank' });
  return notices;
}

/** The notices the panel shows (everything but the silent `noPackageFound`). */
export const visibleLabelNotices = (notices: readonly LabelNotice[]): LabelNotice[] =>
  notices.filter((n) => n.code !== 'noPackageFound');

/** The one label file of a request: its pages in order, and its SPEC 8 notices. */
export interface LabelFilePlan {
  pages: LabelPage[];
  notices: LabelNotice[];
}

/**
 * The labels of a request as one file (decision 0121, which replaced the ZIP of decision 0055): the pages follow
 * the selection's order (`requested`, duplicates once), each parcel's labels together (first mile, then last
 * mile, packages in order), for every client alike. `parcels` are the requested parcels the caller
 * may see, in any order. With `format`, the carrier's own labels of clients that combine labels take the last mile's
 * place (decision 0149).
 */
export function planLabelFile(
  requested: readonly string[],
  parcels: readonly LabelParcel[],
  format?: LabelFormat,
): LabelFilePlan {
  const byId = new Map(parcels.map((p) => [p.id, p]));
  const pages: LabelPage[] = [];
  const found = new Map<string, FoundForNotices>();
  for (const id of new Set(requested)) {
    const parcel = byId.get(id);
    if (!parcel) continue;
    const own = planLabels(parcel, format);
    pages.push(...own);
    found.set(id, { number: parcel.internalNumber, labels: labelCountOf(own) });
  }
  return { pages, notices: labelNotices(requested, found) };
}
