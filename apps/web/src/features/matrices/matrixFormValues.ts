import type {
  CreateMatrixRequest,
  MatrixConditionInput,
  MatrixView,
  UpdateMatrixRequest,
} from '@depot/contracts';

/** One editable row of the conditions table; '' stands for "any country" and for "nothing chosen yet". */
export interface ConditionRow {
  /** Stable React key (rows move). */
  key: string;
  pickupCountry: string;
  destinationCountry: string;
  maxWeightKg: string;
  operatorId: string;
}

export interface MatrixFormValues {
  name: string;
  isDefault: boolean;
  conditions: ConditionRow[];
}

let keySeq = 0;
export const newRowKey = () => `row-${++keySeq}`;

export const emptyCondition = (): ConditionRow => ({
  key: newRowKey(),
  pickupCountry: '',
  destinationCountry: '',
  maxWeightKg: '',
  operatorId: '',
});

export const emptyMatrixForm = (): MatrixFormValues => ({
  name: '',
  isDefault: false,
  conditions: [emptyCondition()],
});

export const matrixToForm = (m: MatrixView, name = m.name): MatrixFormValues => ({
  name,
  isDefault: m.isDefault,
  conditions: m.conditions.map((c) => ({
    key: newRowKey(),
    pickupCountry: c.pickupCountry ?? '',
    destinationCountry: c.destinationCountry ?? '',
    maxWeightKg: String(c.maxWeightKg),
    operatorId: c.operatorId,
  })),
});

const toCondition = (r: ConditionRow): MatrixConditionInput => ({
  pickupCountry: r.pickupCountry || null,
  destinationCountry: r.destinationCountry || null,
  maxWeightKg: r.maxWeightKg,
  operatorId: r.operatorId,
});

export const toCreateRequest = (v: MatrixFormValues): CreateMatrixRequest => ({
  name: v.name,
  isDefault: v.isDefault,
  conditions: v.conditions.map(toCondition),
});

/** The edit: name and conditions always (the API says when nothing changed), the default flag only when turned on. */
export const toUpdateRequest = (v: MatrixFormValues, m: MatrixView): UpdateMatrixRequest => ({
  name: v.name,
  conditions: v.conditions.map(toCondition),
  ...(v.isDefault && !m.isDefault ? { isDefault: true } : {}),
});

/** Moves the row at `from` by `delta` places (up: -1, down: +1); out-of-range moves change nothing. */
export function moveRow<T>(rows: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row);
  return next;
}
