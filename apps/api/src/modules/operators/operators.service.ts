import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  OPERATOR_CONFIG_MODELS,
  OPERATOR_TYPES,
  rooms,
  type ListReply,
  type OperatorConfigModel,
  type OperatorListItem,
  type OperatorSaveBody,
  type OperatorType,
  type OperatorView,
  type Principal,
  type operatorListRequestSchema,
} from '@depot/contracts';
import { mergeSecrets, missingRequiredSecrets, operatorDeactivation, sameSecrets } from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { SecretBox } from '../../secrets/secret-box';
import { AuditService } from '../audit/audit.service';
import { same } from '../clients/client-views';
import { AssignedParcels } from './assigned-parcels';
import {
  OperatorsRepository,
  type NewOperator,
  type OperatorChanges,
  type OperatorRecord,
} from './operators.repository';
import { fullPackageSettings, listItemOfView, viewOf } from './operator-views';

type OperatorListRequest = z.output<typeof operatorListRequestSchema>;

const nameTaken = () =>
  Errors.conflict(MESSAGES.operatorNameTaken, [
    { path: 'operatorName', message: MESSAGES.operatorNameTaken },
  ]);

/** Two concurrent saves of one name both pass the check; the unique index refuses the later one. */
const rethrowNameRace = (err: unknown): never => {
  for (const e of [err, (err as { cause?: unknown } | null)?.cause] as (
    { code?: unknown; constraint?: unknown } | null | undefined
  )[]) {
    if (e?.code === '23505' && e.constraint === 'operators_name_key') throw nameTaken();
  }
  throw err;
};

/** The columns a saved form sets (everything but the secrets). */
function columnsOf(body: OperatorSaveBody): Omit<NewOperator, 'secretConfig'> {
  return {
    name: body.operatorName,
    type: body.operatorType,
    description: body.description ?? null,
    active: body.active,
    exchangeRateEur: body.exchangeRateEUR ?? null,
    maxWeightKg: body.maxWeightKg ?? null,
    pickupAddress: body.pickupAddress ?? null,
    returnAddress: body.returnAddress ?? null,
    domesticAddress: body.domesticAddress ?? null,
    packageSettings: fullPackageSettings(body.packageSettings),
    config: body.config,
  };
}

/**
 * What the log adds to an update's before/after: which secrets changed, as yes/no facts (`apiTokenChanged: true`,
 * the values are never logged), and how many routing conditions will skip a deactivated operator.
 */
function updateDetails(
  stored: Record<string, string>,
  secrets: Record<string, string>,
  skippedByRouting: number,
): Record<string, unknown> | null {
  const details: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(stored), ...Object.keys(secrets)])) {
    if (stored[k] !== secrets[k]) details[`${k}Changed`] = true;
  }
  if (skippedByRouting > 0) details.skippedByRouting = skippedByRouting;
  return Object.keys(details).length > 0 ? details : null;
}

/** Operators (carriers): rules, secrets at rest, access, audit and live-list events. */
@Injectable()
export class OperatorsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: OperatorsRepository,
    private readonly box: SecretBox,
    private readonly parcels: AssignedParcels,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /** GET /operator/getConfig/model: every type's configuration model, or one type's. */
  configModels(type?: OperatorType): OperatorConfigModel[] {
    return (type ? [type] : OPERATOR_TYPES).map((t) => OPERATOR_CONFIG_MODELS[t]);
  }

  list(req: OperatorListRequest): Promise<ListReply<OperatorListItem>> {
    return this.repo.list({
      filters: { ...req.filters, search: req.filters.search || undefined },
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(id: string): Promise<OperatorView> {
    const record = await this.repo.findById(id);
    if (!record) throw Errors.notFound(MESSAGES.operatorNotFound);
    return viewOf(record, this.secretsOf(record));
  }

  async create(principal: Principal, body: OperatorSaveBody): Promise<OperatorView> {
    const created = await this.transactions
      .run(async () => {
        if (await this.repo.nameTaken(body.operatorName, null)) throw nameTaken();
        const secrets = mergeSecrets(body.operatorType, {}, body.secrets);
        const id = await this.repo.insert({ ...columnsOf(body), secretConfig: this.seal(secrets) });
        const view = await this.view(id);
        await this.audit.record(principal, {
          type: 'operator.create',
          entity: 'operator',
          entityId: id,
          after: view,
        });
        return view;
      })
      .catch(rethrowNameRace);
    await this.publish(created, principal, true);
    return created;
  }

  /**
   * PUT /operator/{id}: the whole form. Secrets left out are kept, given ones replaced, null ones cleared; a
   * required secret must end up set. Deactivation is refused while active parcels are assigned (SPEC 4).
   */
  async update(principal: Principal, id: string, body: OperatorSaveBody): Promise<OperatorView> {
    const saved = await this.transactions
      .run(async () => {
        if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.operatorNotFound);
        const before = (await this.repo.findById(id))!;
        const stored = this.secretsOf(before);
        const secrets = mergeSecrets(body.operatorType, stored, body.secrets);
        const missing = missingRequiredSecrets(body.operatorType, secrets);
        if (missing.length > 0) {
          throw Errors.validation(
            MESSAGES.validation.configRequired,
            missing.map((k) => ({ path: `config.${k}`, message: MESSAGES.validation.configRequired })),
          );
        }

        const changes: OperatorChanges = {};
        const columns = columnsOf(body);
        for (const [k, value] of Object.entries(columns) as [keyof typeof columns, unknown][]) {
          if (!same(value, before[k])) (changes as Record<string, unknown>)[k] = value;
        }
        if (!sameSecrets(stored, secrets)) changes.secretConfig = this.seal(secrets);
        if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);
        if (changes.name !== undefined && (await this.repo.nameTaken(body.operatorName, id)))
          throw nameTaken();

        const deactivation = operatorDeactivation({
          wasActive: before.active,
          active: body.active,
          activeParcels: before.active && !body.active ? await this.parcels.countActive(id) : 0,
          routingConditions: before.routingConditions,
        });
        if (!deactivation.allowed) {
          throw Errors.conflict(MESSAGES.operatorHasActiveParcels, [
            {
              path: 'active',
              message: MESSAGES.operatorHasActiveParcels,
              values: { activeParcels: deactivation.activeParcels },
            },
          ]);
        }

        await this.repo.update(id, changes);
        const view = await this.view(id);
        await this.audit.record(principal, {
          type: 'operator.update',
          entity: 'operator',
          entityId: id,
          before: viewOf(before, stored),
          after: view,
          details: updateDetails(stored, secrets, deactivation.skippedByRouting),
        });
        return view;
      })
      .catch(rethrowNameRace);
    await this.publish(saved, principal, false);
    return saved;
  }

  private async view(id: string): Promise<OperatorView> {
    const record = (await this.repo.findById(id))!;
    return viewOf(record, this.secretsOf(record));
  }

  /** The stored secrets, decrypted (for merging and masking only; never sent). */
  private secretsOf(record: OperatorRecord): Record<string, string> {
    return record.secretConfig ? this.box.decryptJson<Record<string, string>>(record.secretConfig) : {};
  }

  /** Secrets as stored: encrypted JSON, or null when there are none. */
  private seal(secrets: Record<string, string>): string | null {
    return Object.keys(secrets).length > 0 ? this.box.encryptJson(secrets) : null;
  }

  /** The changed operator goes to the live operators list (its list row only, no config). */
  private async publish(view: OperatorView, actor: Principal, created: boolean): Promise<void> {
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('operators')],
      change: { list: 'operators', op: 'upsert', row: listItemOfView(view), actorId: actor.userId, created },
    });
  }
}
