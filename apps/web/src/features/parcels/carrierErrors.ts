import type { ShipmentFieldErrorView } from '@depot/contracts';

/** The form's own label ids of the fields a carrier's refusal can name (decision 0147). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  'cod.amountCOD': 'parcelForm.field.codAmount',
  'cod.codCurrency': 'parcelForm.field.codCurrency',
  'insurance.amount': 'parcelForm.field.insuranceAmount',
};

/**
 * How a field a carrier named is labelled: the form's label of it, with its address section for an address field
 * ("Destination address", "Phone"); null for a field the form does not show.
 */
export function carrierFieldLabel(path: string): { section: string | null; field: string } | null {
  const [head, tail] = path.split('.');
  if ((head === 'pickupAddress' || head === 'destinationAddress') && tail) {
    return { section: `parcelForm.section.${head}`, field: `parcelForm.address.${tail}` };
  }
  if (FIELD_LABELS[path]) return { section: null, field: FIELD_LABELS[path] };
  return tail ? null : { section: null, field: `parcelForm.field.${path}` };
}

/** The first message per field, to show under the form's fields (the ones a carrier named no field of are left out). */
export function carrierErrorsByField(errors: readonly ShipmentFieldErrorView[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (e.field && !(e.field in out)) out[e.field] = e.message;
  return out;
}
