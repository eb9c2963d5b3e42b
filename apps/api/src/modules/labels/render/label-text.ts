import { labelWords, warsawDay, type Language, type LabelAddress, type LabelPage } from '@depot/contracts';

/** The words and values a label prints, the same for PDF and ZPL. */
export interface LabelText {
  heading: string;
  kindTag: string;
  fromTitle: string;
  from: string[];
  shipper: string | null;
  toTitle: string;
  toName: string;
  toLines: string[];
  toCity: string;
  toPhone: string | null;
  country: string;
  weight: string;
  packageOf: string;
  packageTitle: string;
  cod: string | null;
  reference: string | null;
  content: string | null;
  date: string;
  barcode: string;
  internalNumber: string;
}

const street = (a: LabelAddress) => [a.street, a.building].filter((s) => s && s.trim()).join(' ');

/** "1.500" → "1.5 kg" (exact decimal as stored, trailing zeros dropped). */
export const formatWeight = (kg: string): string =>
  `${kg.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')} kg`;

export function labelText(page: LabelPage, lang: Language): LabelText {
  const t = labelWords(lang);
  const p = page.parcel;
  const from = p.pickupAddress;
  const to = p.destinationAddress;
  const tags = [page.kind === 'firstMile' ? t.firstMile : t.lastMile];
  if (p.orderType === 'internalReturn') tags.push(t.returnParcel);
  const extras = [p.content && `${t.content}: ${p.content}`, p.note1 && `${t.note}: ${p.note1}`].filter(
    (s): s is string => Boolean(s),
  );
  return {
    heading: page.kind === 'firstMile' ? t.depot : (p.carrierName ?? t.noCarrier),
    kindTag: tags.join(' · '),
    fromTitle: t.from,
    from: [from.name, street(from), `${from.zipCode} ${from.city}, ${from.country}`],
    shipper: p.additionalShipperNameOnTheLabel ? `${t.shipper}: ${p.additionalShipperNameOnTheLabel}` : null,
    toTitle: t.to,
    toName: to.name,
    toLines: [street(to)],
    toCity: `${to.zipCode} ${to.city}`,
    toPhone: to.phone,
    country: to.country,
    weight: `${t.weight}: ${formatWeight(p.weightKg)}`,
    packageTitle: t.package,
    packageOf: `${page.packageNo}/${page.packageCount}`,
    cod: p.codAmount ? `${t.cod}: ${p.codAmount} ${p.codCurrency ?? ''}`.trim() : null,
    reference: p.referenceNumber ? `${t.reference}: ${p.referenceNumber}` : null,
    content: extras.length ? extras.join(' · ') : null,
    date: `${t.date}: ${warsawDay(p.createdAt)}`,
    barcode: page.barcode,
    internalNumber: p.internalNumber,
  };
}
