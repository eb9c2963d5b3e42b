import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  OPERATOR_TYPES,
  parcelRequiredIssues,
  REGISTRATION_RETRY_MINUTES,
  type CarrierRegistrationView,
  type OperatorType,
  type Principal,
  type SendToCarrierResult,
} from '@depot/contracts';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { Errors } from '../../common/errors';
import { Transactions } from '../../db/transactions';
import { SecretBox } from '../../secrets/secret-box';
import {
  CarrierRegistration,
  rejected,
  type RegistrationResult,
  type ShipmentAddress,
  type ShipmentParcel,
} from '../../integrations/carriers/carrier-registration';
import {
  askWithRetries,
  CARRIER_RETRY_POLICY,
  type CarrierRetryPolicy,
} from '../../integrations/carriers/carrier-retry';
import type { ParcelAddress } from '../../db/schema';
import { AuditService } from '../audit/audit.service';
import { ParcelEvents } from '../parcels/parcel-events';
import { ParcelsRepository } from '../parcels/parcels.repository';
import {
  ParcelRegistrationRepository,
  type RegistrationCandidate,
  type RegistrationOutcome,
} from './parcel-registration.repository';

/**
 * Who sends: `manual` — a person's "send to carrier" (also a parcel its client's settings hold back); `fresh` — the
 * trigger on a new parcel (only one never sent); `retry` — the sweep and an edit after a refusal (a parcel held back is
 * sent only when it was sent before).
 */
export type SendMode = 'manual' | 'fresh' | 'retry';

/** How sending one parcel ended (`notSent`: it was not to be sent, or someone else is sending it). */
export type SendOutcome = 'registered' | 'rejected' | 'unanswered' | 'notSent';

/** A `pending` send older than this is taken over (its sender stopped). */
export const STALE_PENDING_MS = 10 * 60_000;

/** When the sweep asks again after `attempts` attempts without an answer. */
export const nextAttemptAt = (attempts: number, now = new Date()): Date => {
  const minutes = REGISTRATION_RETRY_MINUTES[Math.min(attempts, REGISTRATION_RETRY_MINUTES.length) - 1] ?? 1;
  return new Date(now.getTime() + minutes * 60_000);
};

/** Parcels read per query when many are sent. */
const CANDIDATE_BATCH = 500;

const address = (a: ParcelAddress): ShipmentAddress => ({
  name: a.name,
  street: a.street,
  building: a.building,
  apartment: null,
  city: a.city,
  zipCode: a.zipCode,
  country: a.country,
  phone: a.phone,
  email: a.email,
});

/**
 * Registration at the carrier (decision 0147): a new parcel is sent to its carrier's adapter, which creates the
 * shipment; its tracking number becomes the parcel's `externalNumber` (and a last-mile number, when another carrier
 * delivers), its label is kept. A refusal is kept with the carrier's errors per field; no answer leaves the parcel to
 * the retry sweep with the reason, visibly. The carrier is asked outside any transaction; the outcome is applied
 * under the parcel's lock, and a claim (`pending`) keeps two processes from sending one parcel twice.
 */
@Injectable()
export class ParcelRegistrationService {
  constructor(
    private readonly transactions: Transactions,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repo: ParcelRegistrationRepository,
    private readonly parcels: ParcelsRepository,
    private readonly carriers: CarrierRegistration,
    @Inject(CARRIER_RETRY_POLICY) private readonly retry: CarrierRetryPolicy,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly events: ParcelEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /order/{id}/sendToCarrier: sends one parcel now (also a client's that waits for it) and says how it went. */
  async sendOne(principal: Principal, id: string): Promise<CarrierRegistrationView> {
    const c = await this.repo.candidate(id);
    if (!c) throw Errors.notFound(MESSAGES.parcelNotFound);
    if (c.state === 'registered' || c.externalNumber) throw Errors.conflict(MESSAGES.parcelAlreadyRegistered);
    if (c.status !== 'new' || !c.isCorrect || !c.operatorType)
      throw Errors.conflict(MESSAGES.parcelNotSendable);
    if (!this.carriers.canRegister(c.operatorType)) throw Errors.conflict(MESSAGES.parcelCarrierNotConnected);
    await this.send(principal, c, 'manual');
    return this.view(id);
  }

  /** Sends the parcels among `ids` that are to be sent, `registrationConcurrency` at a time. */
  async sendIds(
    principal: Principal | null,
    ids: readonly string[],
    mode: SendMode,
    onDone?: (done: number) => Promise<void>,
  ): Promise<SendToCarrierResult> {
    const sum: SendToCarrierResult = { asked: 0, registered: 0, rejected: 0, unanswered: 0, notSent: 0 };
    let next = 0;
    let done = 0;
    // Read a batch at a time: most new parcels of a big batch are not for sending (a carrier that cannot be asked, a
    // client that waits), and those are known from one read, not one per parcel.
    const loaded = new Map<string, RegistrationCandidate>();
    // Only parcels of carriers that can be asked are read whole: an import of 100,000 parcels of a carrier not
    // connected reads nothing (decision 0155). `sendable` still decides for those read.
    const types = this.registerableTypes();
    let loadedUpTo = 0;
    let loading: Promise<void> | undefined;
    const candidateOf = async (index: number): Promise<RegistrationCandidate | undefined> => {
      while (index >= loadedUpTo) {
        loading ??= (async () => {
          const part = ids.slice(loadedUpTo, loadedUpTo + CANDIDATE_BATCH);
          for (const c of await this.repo.candidates(part, types)) loaded.set(c.id, c);
          loadedUpTo += part.length;
        })().finally(() => (loading = undefined));
        await loading;
      }
      const c = loaded.get(ids[index]!);
      loaded.delete(ids[index]!);
      return c;
    };
    const worker = async () => {
      while (next < ids.length) {
        const index = next++;
        const id = ids[index];
        let outcome: SendOutcome;
        try {
          const c = await candidateOf(index);
          outcome = c ? await this.send(principal, c, mode) : 'notSent';
        } catch (err) {
          // One parcel's failure (its row changed meanwhile, a database hiccup) does not stop the others.
          this.logger.error({ err, parcelId: id, context: 'carriers' }, 'parcel not sent to its carrier');
          outcome = 'notSent';
        }
        if (outcome !== 'notSent') sum.asked++;
        if (outcome === 'registered') sum.registered++;
        else if (outcome === 'rejected') sum.rejected++;
        else if (outcome === 'unanswered') sum.unanswered++;
        else sum.notSent++;
        done++;
        await onDone?.(done);
      }
    };
    const width = Math.min(this.config.carriers.registrationConcurrency, ids.length);
    await Promise.all(Array.from({ length: width }, worker));
    return sum;
  }

  /** The operator types whose carriers can be asked now. */
  registerableTypes(): OperatorType[] {
    return OPERATOR_TYPES.filter((t) => this.carriers.canRegister(t));
  }

  /** Whether the parcel is to be sent: new, correct, of a carrier that can be asked, not registered, as `mode` allows. */
  sendable(c: RegistrationCandidate, mode: SendMode): boolean {
    return (
      c.status === 'new' &&
      c.isCorrect &&
      c.externalNumber === null &&
      c.state !== 'registered' &&
      c.operatorId !== null &&
      c.operatorType !== null &&
      this.carriers.canRegister(c.operatorType) &&
      (mode === 'fresh' ? c.state === null : true) &&
      (mode === 'manual' || !c.genOnlyFirstMile || c.state !== null)
    );
  }

  private async send(
    principal: Principal | null,
    c: RegistrationCandidate,
    mode: SendMode,
  ): Promise<SendOutcome> {
    if (!this.sendable(c, mode)) return 'notSent';
    const staleBefore = new Date(Date.now() - STALE_PENDING_MS);
    if (!(await this.repo.claim(c.id, c.operatorId!, staleBefore, mode === 'fresh'))) return 'notSent';
    let result: RegistrationResult;
    const missing = parcelRequiredIssues({
      ...c,
      orderType: 'internal',
      cod: c.codAmount ? { amountCOD: c.codAmount, codCurrency: c.codCurrency } : null,
    });
    if (missing.length) {
      result = rejected(missing.map((i) => ({ field: i.path as never, message: i.message })));
    } else {
      let config: Record<string, unknown>;
      try {
        const secrets = c.secretConfig ? this.box.decryptJson<Record<string, unknown>>(c.secretConfig) : {};
        config = { ...(c.config ?? {}), ...secrets };
      } catch (err) {
        this.logger.error({ err, context: 'carriers' }, 'operator secrets could not be decrypted');
        return this.apply(principal, c, { kind: 'unavailable', reason: 'CONFIG_UNREADABLE' });
      }
      const request = { operatorType: c.operatorType!, config, parcel: this.shipmentOf(c, config) };
      ({ result } = await askWithRetries(() => this.carriers.register(request), this.retry));
    }
    return this.apply(principal, c, result);
  }

  private shipmentOf(c: RegistrationCandidate, config: Record<string, unknown>): ShipmentParcel {
    const format = typeof config.labelFormat === 'string' ? config.labelFormat : '';
    const currency = c.valueCurrency ?? c.codCurrency ?? 'PLN';
    return {
      internalNumber: c.internalNumber,
      referenceNumber: c.referenceNumber,
      weightKg: c.weightKg,
      sizeCmL: c.sizeCmL ?? 0,
      sizeCmW: c.sizeCmW ?? 0,
      sizeCmD: c.sizeCmD ?? 0,
      packageCount: Math.max(1, c.packageCount),
      value: c.value,
      valueCurrency: c.valueCurrency,
      content: c.content,
      sender: address(c.pickupAddress),
      receiver: address(c.destinationAddress),
      cod: c.codAmount && c.codCurrency ? { amount: c.codAmount, currency: c.codCurrency } : null,
      insurance: c.insuranceAmount ? { amount: c.insuranceAmount, currency } : null,
      dropOffPoint: c.dropOffPoint,
      labelFormat: /^zpl/i.test(format) ? 'zpl' : 'pdf',
    };
  }

  private async apply(
    principal: Principal | null,
    c: RegistrationCandidate,
    r: RegistrationResult,
  ): Promise<SendOutcome> {
    const outcome: RegistrationOutcome =
      r.kind === 'registered'
        ? { state: 'registered', shipmentId: r.shipmentId, label: r.label }
        : r.kind === 'rejected'
          ? { state: 'rejected', errors: r.errors }
          : {
              state: 'unavailable',
              reason: r.reason,
              nextAttemptAt: nextAttemptAt((await this.repo.attempts(c.id)) + 1),
            };
    const item = await this.transactions.run(async () => {
      await this.parcels.lock(c.id, null);
      if (r.kind === 'registered') {
        await this.parcels.update(c.id, {
          externalNumber: r.trackingNumber,
          ...(r.lastMileNumber ? { lastMileNumber: r.lastMileNumber } : {}),
        });
      }
      await this.repo.saveOutcome(c.id, outcome);
      if (r.kind !== 'unavailable') {
        await this.audit.record(principal, {
          type: r.kind === 'registered' ? 'parcel.registered' : 'parcel.registrationRejected',
          entity: 'parcel',
          entityId: c.id,
          details: {
            internalNumber: c.internalNumber,
            carrier: c.operatorType,
            ...(r.kind === 'registered'
              ? { externalNumber: r.trackingNumber, lastMileNumber: r.lastMileNumber }
              : {
                  errors: r.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; '),
                }),
          },
        });
      }
      return this.parcels.listItem(c.id);
    });
    // The parcel's page and lists read it again; a registered parcel's label is ready (webhooks hear `parcel.updated`).
    if (item) await this.events.updated(item, principal);
    return r.kind === 'registered' ? 'registered' : r.kind === 'rejected' ? 'rejected' : 'unanswered';
  }

  /** GET /order/{id}/carrierRegistration. */
  async view(id: string): Promise<CarrierRegistrationView> {
    const [c, row] = await Promise.all([this.repo.candidate(id), this.repo.row(id)]);
    if (!c) throw Errors.notFound(MESSAGES.parcelNotFound);
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const type = c.operatorType;
    return {
      state: (row?.state as CarrierRegistrationView['state']) ?? null,
      canRegister: type !== null && this.carriers.canRegister(type),
      sandbox: type !== null && this.config.carriers.sandbox.includes(type),
      errors: row?.errors ?? [],
      reason: row?.reason ?? null,
      attempts: row?.attempts ?? 0,
      lastAttemptAt: iso(row?.lastAttemptAt),
      nextAttemptAt: iso(row?.nextAttemptAt),
      registeredAt: iso(row?.registeredAt),
      shipmentId: row?.shipmentId ?? null,
      labelFormat: row?.labelFormat === 'pdf' || row?.labelFormat === 'zpl' ? row.labelFormat : null,
    };
  }
}
