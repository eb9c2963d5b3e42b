import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type ClientSaveReply,
  type ClientSaveWarning,
  type ClientWarningCode,
  type VatCheckReport,
} from '@depot/contracts';
import { vatCheckNeeded, vatTarget, vatVerdict, type VatCheckSubject } from '@depot/domain';
import { Errors } from '../../common/errors';
import { ViesClient } from '../../integrations/vies/vies.client';

/** A save's VAT check, made before its transaction (VIES may take seconds; no transaction waits for it). */
export interface VatSaveCheck {
  /** What was checked (null: no check was needed). */
  checked: VatCheckSubject | null;
  report: VatCheckReport | null;
  warnings: ClientSaveWarning[];
}

/** Thrown inside a save's transaction when the client changed since its VAT check: the save starts over. */
export class StaleVatCheck extends Error {
  constructor() {
    super('the VAT check was made for other client data');
  }
}

const WARNING_MESSAGES: Record<ClientWarningCode, string> = {
  vatCheckUnavailable: MESSAGES.vatCheckUnavailable,
  vatCheckNotEu: MESSAGES.vatCheckNotEu,
};

const onVatId = (message: string) => [{ path: 'vatId', message }];

const subjectOf = (c: VatCheckSubject): VatCheckSubject => ({
  vatId: c.vatId,
  viesCheck: c.viesCheck,
  country: c.country,
});

/**
 * The VIES check of a client save (decision 0021): when `viesCheck` is on and the VAT ID is new, changed or just
 * put under check. An invalid number refuses the save (400 on vatId); an unreachable VIES saves with a warning,
 * or refuses with 503 when the request asked for a strict check; a non-EU number saves with a warning.
 */
@Injectable()
export class ClientVatCheck {
  constructor(private readonly vies: ViesClient) {}

  /** Checks what saving `after` over `before` (null: a new client) needs; throws when the save must be refused. */
  async beforeSave(
    before: VatCheckSubject | null,
    after: VatCheckSubject,
    strict: boolean,
  ): Promise<VatSaveCheck> {
    if (!vatCheckNeeded(before, after)) return { checked: null, report: null, warnings: [] };
    const report = await this.check(after.vatId!, after.country);
    const verdict = vatVerdict(report.outcome, strict);
    if (verdict.refuse === 'invalid') {
      throw Errors.validation(MESSAGES.vatIdInvalid, onVatId(MESSAGES.vatIdInvalid));
    }
    if (verdict.refuse !== null) {
      throw new HttpException(
        {
          statusCode: HttpStatus.SERVICE_UNAVAILABLE,
          error: 'Service Unavailable',
          message: MESSAGES.vatCheckUnavailable,
          details: onVatId(MESSAGES.vatCheckUnavailable),
        },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    const warnings = verdict.warnings.map((code): ClientSaveWarning => ({
      code,
      path: 'vatId',
      message: WARNING_MESSAGES[code],
    }));
    return { checked: subjectOf(after), report, warnings };
  }

  /**
   * Inside the save's transaction, with the locked row: throws StaleVatCheck when the check made beforehand is not
   * the one this save needs (a colleague changed the VAT ID, the country or the flag meanwhile).
   */
  assertFresh(check: VatSaveCheck, before: VatCheckSubject | null, after: VatCheckSubject): void {
    const needed = vatCheckNeeded(before, after);
    const same =
      check.checked !== null &&
      check.checked.vatId === after.vatId &&
      check.checked.country === after.country;
    if (needed ? !same : check.checked !== null) throw new StaleVatCheck();
  }

  /** The audit log's `details` of the save (null when no check ran, as for any other save). */
  auditDetails(check: VatSaveCheck): Record<string, unknown> | undefined {
    return check.report ? { vatCheck: check.report } : undefined;
  }

  /** What the reply adds to the saved client. */
  replyOf(check: VatSaveCheck): Pick<ClientSaveReply, 'vatCheck' | 'warnings'> {
    if (!check.report) return {};
    return check.warnings.length > 0
      ? { vatCheck: check.report, warnings: check.warnings }
      : { vatCheck: check.report };
  }

  /** Asks VIES about `vatId` (a non-EU or malformed number is decided here, without asking). */
  private async check(vatId: string, country: string | null): Promise<VatCheckReport> {
    const target = vatTarget(vatId, country);
    const base: VatCheckReport = {
      vatId,
      outcome: 'notEu',
      countryCode: null,
      vatNumber: null,
      name: null,
      address: null,
      requestDate: null,
      requestIdentifier: null,
      reason: null,
    };
    if (target.kind === 'notEu')
      return { ...base, reason: target.country ? `COUNTRY_${target.country}` : null };
    if (target.kind === 'malformed') return { ...base, outcome: 'invalid', reason: 'MALFORMED' };
    const found = await this.vies.check(target.countryCode, target.vatNumber);
    const asked = { ...base, countryCode: target.countryCode, vatNumber: target.vatNumber };
    return found.outcome === 'unavailable'
      ? { ...asked, outcome: 'unavailable', reason: found.reason }
      : { ...asked, ...found };
  }
}
