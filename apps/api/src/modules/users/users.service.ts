import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  permissionsOf,
  rooms,
  SELF_EDITABLE_USER_FIELDS,
  type ChangePasswordRequest,
  type clientUserListRequestSchema,
  type CurrentUserView,
  type ListReply,
  type Principal,
  type SessionsRevokedReply,
  type UserView,
  type createUserSchema,
  type updateUserSchema,
  type userListRequestSchema,
} from '@depot/contracts';
import {
  canAssignRole,
  canEditUser,
  canManageClientUsers,
  clientMembershipRule,
  usersListScope,
  type RuleResult,
} from '@depot/domain';
import type { z } from 'zod';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { isUuid } from '../../common/pipes';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { CredentialsRepository } from '../auth/credentials.repository';
import type { SessionPrincipal } from '../auth/decorators';
import { PasswordHasher } from '../auth/password-hasher';
import { UsersRepository, type UserChanges } from './users.repository';

type CreateUser = z.output<typeof createUserSchema>;
type UpdateUser = z.output<typeof updateUserSchema>;
type UserListRequest = z.output<typeof userListRequestSchema>;
type ClientUserListRequest = z.output<typeof clientUserListRequestSchema>;

const assertRule = (r: RuleResult, status: 'forbidden' | 'badRequest' = 'forbidden') => {
  if (!r.ok) throw status === 'forbidden' ? Errors.forbidden(r.message) : Errors.validation(r.message);
};

const emailTaken = () =>
  Errors.conflict(MESSAGES.emailTaken, [{ path: 'email', message: MESSAGES.emailTaken }]);

/** Two concurrent writes of one e-mail both pass the emailTaken check; the unique index then refuses the later one. */
const rethrowEmailRace = (err: unknown): never => {
  // drizzle wraps the driver's error (code, constraint) as `cause`.
  for (const e of [err, (err as { cause?: unknown } | null)?.cause] as (
    { code?: unknown; constraint?: unknown } | null | undefined
  )[]) {
    if (e?.code === '23505' && e.constraint === 'users_email_key') throw emailTaken();
  }
  throw err;
};

@Injectable()
export class UsersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repo: UsersRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  async current(principal: SessionPrincipal): Promise<CurrentUserView> {
    const user = await this.repo.findById(principal.userId);
    if (!user) throw Errors.unauthorized();
    const client = user.clientId ? await this.repo.clientExists(user.clientId) : undefined;
    return {
      ...user,
      permissions: permissionsOf(user.role),
      sessionValidUntil: principal.expiresAt,
      clientDisableNewOrders: client?.disableNewOrders ?? false,
    };
  }

  async list(principal: SessionPrincipal, req: UserListRequest): Promise<ListReply<UserView>> {
    const scope = usersListScope(principal);
    if (scope === 'none') throw Errors.forbidden();
    // No role picked (absent or empty) means no role filter, as in userMatchesListFilters.
    const picked = req.filters.roles;
    return this.repo.list({
      roles: picked?.length ? picked : undefined,
      onlyUserId: scope === 'self' ? principal.userId : null,
      clientId: req.filters.clientId,
      search: req.filters.search || undefined,
      active: req.filters.active,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  /** One client's logins (the client's page), for those who manage client users (decision 0112). */
  async clientUsers(
    principal: SessionPrincipal,
    clientId: string,
    req: ClientUserListRequest,
  ): Promise<ListReply<UserView>> {
    await this.assertMayListClientUsers(principal, clientId);
    return this.repo.list({
      roles: ['user'],
      onlyUserId: null,
      clientId,
      search: req.filters.search || undefined,
      active: req.filters.active,
      orderBy: req.orderBy,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  /** The guard asks this before the body is read (`CheckFirst`): the caller manages client users, the client exists. */
  async assertMayListClientUsers(principal: Principal, clientId: string | undefined): Promise<void> {
    if (!canManageClientUsers(principal)) throw Errors.forbidden();
    if (!isUuid(clientId) || !(await this.repo.clientExists(clientId)))
      throw Errors.notFound(MESSAGES.clientNotFound);
  }

  /**
   * Ends every signed-in session of a user at once and cuts its sockets (decision 0112); on one's own account the
   * current session stays, as with a password change.
   */
  async revokeSessions(principal: SessionPrincipal, id: string): Promise<SessionsRevokedReply> {
    const target = await this.get(principal, id);
    assertRule(canEditUser(principal, target));
    const isSelf = target.id === principal.userId;
    const revoked = await this.transactions.run(async () => {
      const ids = await this.auth.revokeSessionsOfUser(id, isSelf ? principal.sessionId : null);
      await this.audit.record(principal, {
        type: 'user.sessionsRevoke',
        entity: 'user',
        entityId: id,
        details: { revokedSessions: ids.length },
      });
      return ids;
    });
    await this.auth.announceRevoked(revoked);
    return { revoked: revoked.length };
  }

  /**
   * The guard asks this before the body is read (`CheckFirst` on the edit routes): a user the caller may not see,
   * or one of another client than the path names, is not found.
   */
  async assertMaySee(principal: Principal, id: string | undefined, clientId?: string): Promise<void> {
    // The same answers as the path pipes give: a non-UUID client is "client not found", a non-UUID user "user".
    if (clientId !== undefined && !isUuid(clientId)) throw Errors.notFound(MESSAGES.clientNotFound);
    if (!isUuid(id)) throw Errors.notFound(MESSAGES.userNotFound);
    const user = await this.get(principal as SessionPrincipal, id);
    if (clientId !== undefined && user.clientId !== clientId) throw Errors.notFound(MESSAGES.userNotFound);
  }

  async get(principal: SessionPrincipal, id: string): Promise<UserView> {
    const user = await this.repo.findById(id);
    if (!user || !this.maySee(principal, user)) throw Errors.notFound(MESSAGES.userNotFound);
    return user;
  }

  async create(principal: SessionPrincipal, body: CreateUser): Promise<UserView> {
    assertRule(canAssignRole(principal, body.role));
    assertRule(clientMembershipRule(body.role, body.clientId), 'badRequest');
    const passwordHash = await this.hasher.hash(body.password);
    const created = await this.transactions
      .run(async () => {
        if (body.clientId && !(await this.repo.clientExists(body.clientId))) {
          throw Errors.validation(MESSAGES.clientNotFound, [
            { path: 'clientId', message: MESSAGES.clientNotFound },
          ]);
        }
        if (await this.repo.emailTaken(body.email, null)) {
          throw emailTaken();
        }
        const id = await this.repo.insert({
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          role: body.role,
          lang: body.lang,
          passwordHash,
          clientId: body.role === 'user' ? body.clientId! : null,
          disableNewOrders: body.disableNewOrders,
          active: body.active,
        });
        const user = (await this.repo.findById(id))!;
        await this.audit.record(principal, {
          type: 'user.create',
          entity: 'user',
          entityId: id,
          after: user,
        });
        return user;
      })
      .catch(rethrowEmailRace);
    await this.publishChange(created, principal, true);
    return created;
  }

  /** PUT /user/{id}/ and PUT /client/{clientId}/user/{id}. */
  async update(
    principal: SessionPrincipal,
    id: string,
    body: UpdateUser,
    clientId?: string,
  ): Promise<UserView> {
    const target = await this.repo.findById(id);
    if (
      !target ||
      (clientId !== undefined && target.clientId !== clientId) ||
      !this.maySee(principal, target)
    ) {
      throw Errors.notFound(MESSAGES.userNotFound);
    }
    const { confirmPassword: _c, password, ...fields } = body;
    const changes: UserChanges = {};
    for (const [k, v] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
      if (v !== undefined && v !== target[k]) (changes as Record<string, unknown>)[k] = v;
    }
    const isSelf = target.id === principal.userId;
    const selfOnly = Object.keys(changes).every((k) =>
      (SELF_EDITABLE_USER_FIELDS as readonly string[]).includes(k),
    );
    if (!(isSelf && selfOnly && password === undefined)) {
      assertRule(canEditUser(principal, target));
      if (changes.role) assertRule(canAssignRole(principal, changes.role));
      if (isSelf && changes.role) throw Errors.forbidden(MESSAGES.cannotChangeOwnRole);
      if (isSelf && changes.active === false) throw Errors.forbidden(MESSAGES.cannotDeactivateSelf);
    }
    const role = changes.role ?? target.role;
    const finalClientId = 'clientId' in changes ? changes.clientId : target.clientId;
    assertRule(clientMembershipRule(role, finalClientId), 'badRequest');
    if (password !== undefined) changes.passwordHash = await this.hasher.hash(password);
    if (Object.keys(changes).length === 0) throw Errors.badRequest(MESSAGES.noValueChanged);

    const revokeAll =
      changes.passwordHash !== undefined || changes.active === false || changes.role !== undefined;
    const { user, revoked } = await this.transactions
      .run(async () => {
        if (changes.email && (await this.repo.emailTaken(changes.email, id))) {
          throw emailTaken();
        }
        if (changes.clientId && !(await this.repo.clientExists(changes.clientId))) {
          throw Errors.validation(MESSAGES.clientNotFound, [
            { path: 'clientId', message: MESSAGES.clientNotFound },
          ]);
        }
        await this.repo.update(id, changes);
        const after = (await this.repo.findById(id))!;
        // Editing one's own password here keeps the current session; anyone else's sessions all end.
        const revokedIds = revokeAll
          ? await this.auth.revokeSessionsOfUser(id, isSelf ? principal.sessionId : null)
          : [];
        await this.audit.record(principal, {
          type: 'user.update',
          entity: 'user',
          entityId: id,
          before: target,
          after,
          details: changes.passwordHash ? { passwordChanged: true } : undefined,
        });
        return { user: after, revoked: revokedIds };
      })
      .catch(rethrowEmailRace);
    await this.publishChange(user, principal, false, target.clientId);
    await this.auth.announceRevoked(revoked);
    return user;
  }

  async changeOwnPassword(
    principal: SessionPrincipal,
    body: ChangePasswordRequest,
  ): Promise<{ message: string }> {
    const creds = await this.credentials.findByUserId(principal.userId);
    if (!creds || !(await this.hasher.verify(creds.passwordHash, body.oldPassword))) {
      throw Errors.badRequest(MESSAGES.invalidOldPassword);
    }
    const passwordHash = await this.hasher.hash(body.newPassword);
    const revoked = await this.transactions.run(async () => {
      await this.credentials.setPasswordHash(principal.userId, passwordHash);
      const ids = await this.auth.revokeSessionsOfUser(principal.userId, principal.sessionId);
      await this.audit.record(principal, {
        type: 'user.passwordChange',
        entity: 'user',
        entityId: principal.userId,
        details: { revokedSessions: ids.length },
      });
      return ids;
    });
    await this.auth.announceRevoked(revoked);
    return { message: MESSAGES.passwordChanged };
  }

  /** Whom a caller may look at: itself; admins everyone; client-user managers the client users. */
  private maySee(principal: SessionPrincipal, user: UserView): boolean {
    if (user.id === principal.userId) return true;
    if (usersListScope(principal) === 'all') return true;
    return user.role === 'user' && canManageClientUsers(principal);
  }

  /**
   * Every change goes to the live users list and the user's own room; a client user's also to its client's part of
   * the users list (the client's page), and to the part of the client it left when its client changed.
   */
  private async publishChange(
    user: UserView,
    actor: Principal,
    created = false,
    previousClientId: string | null = null,
  ): Promise<void> {
    const targets = [rooms.user(user.id), rooms.list('users')];
    for (const clientId of new Set([user.clientId, previousClientId]))
      if (clientId) targets.push(rooms.clientList('users', clientId));
    await this.bus.publish({
      type: 'list.changed',
      rooms: targets,
      change: { list: 'users', op: 'upsert', row: user, actorId: actor.userId, created },
    });
  }
}
