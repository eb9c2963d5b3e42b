import { HttpException } from '@nestjs/common';
import { MESSAGES, type ErrorDetail } from '@depot/contracts';
import type { MatrixProblem } from '@depot/domain';
import { Errors } from '../../common/errors';
import { pgErrors } from '../../common/pg-errors';

const v = MESSAGES.validation;

export const matrixNotFound = () => Errors.notFound(MESSAGES.matrixNotFound);

export const matrixNameTaken = () =>
  Errors.conflict(MESSAGES.matrixNameTaken, [{ path: 'name', message: MESSAGES.matrixNameTaken }]);

export const defaultConflict = () => Errors.conflict(MESSAGES.matrixDefaultConflict);

/**
 * The domain's reasons a matrix cannot be saved (validateMatrix) as one 400: each problem under its field, the
 * condition rows addressed as `conditions.<index>` (index = the draft condition's id, see draftOf). The name's
 * uniqueness is checked against the database, not here.
 */
export function problemsError(problems: MatrixProblem[]): HttpException | undefined {
  const details: ErrorDetail[] = [];
  for (const p of problems) {
    switch (p.code) {
      case 'emptyName':
        details.push({ path: 'name', message: v.nameRequired });
        break;
      case 'nameTaken':
        break;
      case 'invalidMaxWeight':
        details.push({
          path: `conditions.${p.conditionId}.maxWeightKg`,
          message: v.conditionMaxWeightInvalid,
        });
        break;
      case 'unsupportedCountry':
        details.push({
          path: `conditions.${p.conditionId}.${p.field}`,
          message: v.routingCountryUnsupported,
        });
        break;
      case 'missingOperator':
        details.push({
          path: `conditions.${p.conditionId}.operatorId`,
          message: v.conditionOperatorRequired,
        });
        break;
      case 'duplicateCondition':
        details.push({ path: `conditions.${p.conditionId}`, message: MESSAGES.routingConditionDuplicate });
        break;
    }
  }
  return details.length > 0 ? Errors.validation(details[0].message, details) : undefined;
}

/** Conditions naming carriers that do not exist: 400 naming the first such row (1-based). */
export function unknownOperatorsError(rows: number[]): HttpException {
  return Errors.validation(
    MESSAGES.routingConditionOperatorUnknown(rows[0] + 1),
    rows.map((i) => ({ path: `conditions.${i}.operatorId`, message: MESSAGES.routingOperatorUnknown })),
  );
}

export const isDefaultRace = (err: unknown): boolean =>
  pgErrors(err).some((e) => e?.code === '23505' && e.constraint === 'routing_matrices_one_default_key');

/**
 * A unique or foreign-key violation that slipped past the checks (a concurrent save): the same answer the check
 * gives. The default's race is retried by the service first (withDefaultRetry).
 */
export function rethrowMatrixRace(err: unknown): never {
  for (const e of pgErrors(err)) {
    if (e?.code === '23505' && e.constraint === 'routing_matrices_name_key') throw matrixNameTaken();
    if (e?.code === '23505' && e.constraint === 'routing_matrices_one_default_key') throw defaultConflict();
    if (e?.code === '23503' && e.constraint === 'routing_conditions_operator_id_operators_id_fk') {
      throw Errors.validation(MESSAGES.routingOperatorUnknown);
    }
  }
  throw err;
}
