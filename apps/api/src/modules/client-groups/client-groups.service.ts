import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import {
  CLIENT_GROUP_ERROR_CODES,
  MESSAGES,
  rooms,
  type ClientGroupListItem,
  type ClientGroupMember,
  type ClientGroupSaveReply,
  type ClientGroupType,
  type ClientGroupView,
  type ClientInOtherGroupDetails,
  type ClientOption,
  type ListReply,
  type Principal,
  type clientGroupListQuerySchema,
  type createClientGroupSchema,
  type eligibleClientsQuerySchema,
  type updateClientGroupSchema,
} from '@depot/contracts';
import { eligibleClientsForGroup, isGroupNameTaken, planGroupClients, type GroupRef } from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { ClientGroupsRepository } from './client-groups.repository';

type CreateGroup = z.output<typeof createClientGroupSchema>;
type UpdateGroup = z.output<typeof updateClientGroupSchema>;
type ListQuery = z.output<typeof clientGroupListQuerySchema>;
type EligibleQuery = z.output<typeof eligibleClientsQuerySchema>;

/** How many clients the picker scans per round while filling a page of eligible ones. */
const CANDIDATE_BATCH = 200;

const nameTaken = (path: 'name' | 'newName') =>
  Errors.conflict(MESSAGES.clientGroupNameTaken, [{ path, message: MESSAGES.clientGroupNameTaken }]);

/** The driver's error (drizzle wraps it as `cause`) when it is a unique violation of `constraint`. */
const isUniqueViolation = (err: unknown, constraint: string): boolean =>
  [err, (err as { cause?: unknown } | null)?.cause].some((e) => {
    const x = e as { code?: unknown; constraint?: unknown } | null | undefined;
    return x?.code === '23505' && x.constraint === constraint;
  });

/** Group names are stored as typed, trimmed and in Unicode NFC (the form the uniqueness rule compares). */
const cleanName = (name: string) => name.normalize('NFC').trim();

/** What the log keeps of a group: its name, type and clients. */
const audited = (g: ClientGroupView) => ({ name: g.name, type: g.type, clients: g.clients });

interface Saved {
  group: ClientGroupView;
  info: ClientGroupSaveReply['info'];
  changed: boolean;
}

@Injectable()
export class ClientGroupsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: ClientGroupsRepository,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  list(q: ListQuery): Promise<ListReply<ClientGroupListItem>> {
    return this.repo.list({
      search: q.search || undefined,
      type: q.type,
      orderBy: { field: q.sort, direction: q.direction },
      cursor: q.cursor,
      limit: q.limit,
    });
  }

  async get(id: string): Promise<ClientGroupView> {
    const group = await this.repo.findById(id);
    if (!group) throw Errors.notFound(MESSAGES.clientGroupNotFound);
    return group;
  }

  /** The picker: clients a group of this type may take (libs/domain eligibility), by company name. */
  async eligibleClients(q: EligibleQuery): Promise<ClientOption[]> {
    if (q.groupId && !(await this.repo.findById(q.groupId))) {
      throw Errors.notFound(MESSAGES.clientGroupNotFound);
    }
    const out: ClientOption[] = [];
    let after: { k: string; id: string } | null = null;
    for (;;) {
      const batch = await this.repo.candidates(q.search || undefined, after, CANDIDATE_BATCH);
      const memberships = batch.flatMap((c) =>
        c.groupId && c.groupType ? [{ groupId: c.groupId, groupType: c.groupType, clientId: c.id }] : [],
      );
      const eligible = eligibleClientsForGroup({
        groupType: q.type,
        groupId: q.groupId ?? null,
        allClients: batch,
        memberships,
      });
      for (const c of eligible) {
        if (out.length < q.limit)
          out.push({ id: c.id, companyName: c.companyName, shortName: c.shortName, active: c.active });
      }
      const last = batch.at(-1);
      if (out.length >= q.limit || batch.length < CANDIDATE_BATCH || !last) return out;
      after = { k: last.sortKey, id: last.id };
    }
  }

  async create(principal: Principal, body: CreateGroup): Promise<ClientGroupSaveReply> {
    const saved = await this.withRaceHandling('name', () =>
      this.transactions.run(async (): Promise<Saved> => {
        const name = cleanName(body.name);
        await this.assertNameFree(name, null, 'name');
        const known = await this.knownClients(body.clients, 'clients');
        const plan = await this.plan({ id: null, type: body.type }, body.clients);
        const id = await this.repo.insert({ name, type: body.type });
        await this.repo.addMembers(id, plan.added);
        const group = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'clientGroup.create',
          entity: 'clientGroup',
          entityId: id,
          after: audited(group),
        });
        return { group, info: infoFor(plan.duplicates, known), changed: true };
      }),
    );
    await this.publishUpsert(saved.group.id, principal, true);
    return { group: saved.group, info: saved.info };
  }

  /**
   * PUT /clientGroup/update/group/{id}: rename (`newName`), change the type (the members are re-validated for
   * it), remove clients, then add clients. Clients already in the group come back as info and change nothing;
   * a request that changes nothing at all and has no info is refused with "No value has changed".
   */
  async update(principal: Principal, id: string, body: UpdateGroup): Promise<ClientGroupSaveReply> {
    const saved = await this.withRaceHandling('newName', () =>
      this.transactions.run(async (): Promise<Saved> => {
        if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.clientGroupNotFound);
        const before = (await this.repo.findById(id))!;
        const changes: { name?: string; type?: ClientGroupType } = {};
        if (body.newName !== undefined && cleanName(body.newName) !== before.name) {
          changes.name = cleanName(body.newName);
          await this.assertNameFree(changes.name, id, 'newName');
        }
        const type = body.type ?? before.type;
        if (type !== before.type) {
          changes.type = type;
          // Every current member must still be allowed in a group of the new type.
          const remaining = before.clients
            .map((c) => c.id)
            .filter((c) => !(body.removeClients ?? []).includes(c));
          await this.plan({ id: null, type }, remaining, id);
        }
        const removed = await this.repo.removeMembers(id, body.removeClients ?? []);
        const toAdd = body.addClients ?? [];
        const known = await this.knownClients(toAdd, 'addClients');
        const plan = await this.plan({ id, type }, toAdd);
        const info = infoFor(plan.duplicates, known);
        const changed = Object.keys(changes).length > 0 || removed.length > 0 || plan.added.length > 0;
        if (!changed) {
          if (info.length > 0) return { group: before, info, changed: false };
          throw Errors.badRequest(MESSAGES.noValueChanged);
        }
        await this.repo.update(id, changes);
        await this.repo.addMembers(id, plan.added);
        const group = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'clientGroup.update',
          entity: 'clientGroup',
          entityId: id,
          before: audited(before),
          after: audited(group),
        });
        return { group, info, changed: true };
      }),
    );
    if (saved.changed) await this.publishUpsert(id, principal, false);
    return { group: saved.group, info: saved.info };
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      if (!(await this.repo.lock(id))) throw Errors.notFound(MESSAGES.clientGroupNotFound);
      const before = (await this.repo.findById(id))!;
      await this.repo.delete(id);
      await this.audit.record(principal, {
        type: 'clientGroup.delete',
        entity: 'clientGroup',
        entityId: id,
        before: audited(before),
      });
    });
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('clientGroups')],
      change: { list: 'clientGroups', op: 'delete', id, actorId: principal.userId },
    });
  }

  private async assertNameFree(
    name: string,
    exceptId: string | null,
    path: 'name' | 'newName',
  ): Promise<void> {
    if (isGroupNameTaken(name, exceptId, await this.repo.groupsNamed(name))) throw nameTaken(path);
  }

  /** The submitted clients, all of which must exist (else 400 "Client not found."). */
  private async knownClients(
    ids: readonly string[],
    field: 'clients' | 'addClients',
  ): Promise<Map<string, ClientGroupMember>> {
    const found = new Map((await this.repo.clientsByIds(ids)).map((c) => [c.id, c]));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw Errors.validation(MESSAGES.clientNotFound, [
        { path: `${field}.${missing}`, message: MESSAGES.clientNotFound },
      ]);
    }
    return found;
  }

  /**
   * Sorts the clients into added / duplicates with libs/domain's rule and refuses (409) the ones another FV or
   * AREA group holds, naming that group. `ownId` is ignored as "another" group (a type change of that group).
   */
  private async plan(group: GroupRef, clientIds: readonly string[], ownId?: string) {
    const memberships = (await this.repo.membershipsOf(clientIds)).filter((m) => m.groupId !== ownId);
    const plan = planGroupClients(group, clientIds, memberships);
    if (plan.refused.length > 0) {
      const names = await this.repo.groupNames(plan.refused.map((r) => r.groupId));
      const clients = new Map(
        (await this.repo.clientsByIds(plan.refused.map((r) => r.clientId))).map((c) => [c.id, c]),
      );
      const details: ClientInOtherGroupDetails = {
        refused: plan.refused.map((r) => ({
          client: clients.get(r.clientId)!,
          groupId: r.groupId,
          groupName: names.get(r.groupId) ?? '',
        })),
      };
      const first = details.refused[0];
      throw new HttpException(
        {
          statusCode: HttpStatus.CONFLICT,
          error: CLIENT_GROUP_ERROR_CODES.clientInOtherGroup,
          message: MESSAGES.clientInOtherGroup(first.client.companyName, first.groupName),
          details,
        },
        HttpStatus.CONFLICT,
      );
    }
    return plan;
  }

  /**
   * Two saves racing: a name another save just took hits the unique index (the same 409 as the check gives);
   * a client another save just put in a group hits the one-group-per-client index, and the save is run once
   * more so that it sees that group and answers as the check does (refusal naming it, or an info).
   */
  private async withRaceHandling(path: 'name' | 'newName', save: () => Promise<Saved>): Promise<Saved> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await save();
      } catch (err) {
        if (isUniqueViolation(err, 'client_groups_name_key')) throw nameTaken(path);
        const membershipRace =
          isUniqueViolation(err, 'client_group_members_client_key') ||
          isUniqueViolation(err, 'client_group_members_group_id_client_id_pk');
        if (membershipRace && attempt < 2) continue;
        throw err;
      }
    }
  }

  private async publishUpsert(id: string, actor: Principal, created: boolean): Promise<void> {
    const row = await this.repo.listItem(id);
    if (!row) return;
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.list('clientGroups')],
      change: { list: 'clientGroups', op: 'upsert', row, actorId: actor.userId, created },
    });
  }
}

/** SPEC 8 "Duplicate client in a group: info", one entry per client. */
function infoFor(
  duplicates: readonly string[],
  known: Map<string, ClientGroupMember>,
): ClientGroupSaveReply['info'] {
  return duplicates.map((id) => ({ message: MESSAGES.clientAlreadyInGroup, client: known.get(id)! }));
}
