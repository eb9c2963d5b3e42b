import { Injectable } from '@nestjs/common';
import { MESSAGES, SESSION_TTL_MS, type Principal, type SignInReply } from '@depot/contracts';
import { Transactions } from '../../db/transactions';
import { EventBus } from '../../events/event-bus';
import { Errors } from '../../common/errors';
import { AuditService } from '../audit/audit.service';
import { ApiKeysRepository } from './api-keys.repository';
import { CredentialsRepository } from './credentials.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { SignInLimiter } from './sign-in-limiter';
import { newSecret, sha256 } from './tokens';

/** The outcome of checking a token or key: who it is, and whether their client has disableAccess. */
export type Authentication = { principal: Principal; accessDisabled: boolean } | null;

@Injectable()
export class AuthService {
  constructor(
    private readonly transactions: Transactions,
    private readonly sessions: SessionsRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: SignInLimiter,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  async signIn(
    email: string,
    password: string,
    meta: { ip: string; userAgent: string | null },
  ): Promise<SignInReply> {
    await this.limiter.assertAllowed(email, meta.ip);
    const creds = await this.credentials.findByEmail(email);
    const valid = creds
      ? await this.hasher.verify(creds.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    if (!creds || !valid) {
      await this.limiter.recordFailure(email, meta.ip);
      throw Errors.unauthorized(MESSAGES.invalidCredentials);
    }
    await this.limiter.recordSuccess(email);
    if (!creds.userActive) throw Errors.unauthorized(MESSAGES.accountInactive);
    if (creds.clientId && !creds.clientActive) throw Errors.unauthorized(MESSAGES.clientInactive);

    const token = newSecret();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.transactions.run(async () => {
      const session = await this.sessions.create({
        userId: creds.userId,
        tokenHash: sha256(token),
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      // The person signing in is the entry's author, with the session they just opened.
      const signedIn: Principal = {
        kind: 'session',
        userId: creds.userId,
        role: creds.role,
        clientId: creds.clientId,
        sessionId: session.id,
        expiresAt: expiresAt.toISOString(),
      };
      await this.audit.record(signedIn, {
        type: 'session.signIn',
        entity: 'user',
        entityId: creds.userId,
        details: { sessionId: session.id, ip: meta.ip },
      });
    });
    return { token, validUntil: expiresAt.toISOString() };
  }

  async signOut(principal: Principal): Promise<void> {
    if (principal.kind !== 'session') return;
    const revoked = await this.sessions.revoke(principal.sessionId);
    if (revoked)
      await this.bus.publish({
        type: 'session.revoked',
        sessionIds: [principal.sessionId],
        reason: 'signedOut',
      });
  }

  /** Revokes a user's sessions (all, or all but one) and cuts their sockets. Call after the transaction commits. */
  async revokeSessionsOfUser(userId: string, keepSessionId: string | null): Promise<string[]> {
    return this.sessions.revokeAllOfUser(userId, keepSessionId);
  }

  async announceRevoked(
    sessionIds: string[],
    reason: 'revoked' | 'accessDisabled' = 'revoked',
  ): Promise<void> {
    if (sessionIds.length > 0) await this.bus.publish({ type: 'session.revoked', sessionIds, reason });
  }

  /** Cuts the sockets opened with these API keys (deactivated, deleted, or their client lost access). */
  async announceApiKeysRevoked(
    apiKeyIds: string[],
    reason: 'revoked' | 'accessDisabled' = 'revoked',
  ): Promise<void> {
    if (apiKeyIds.length > 0) await this.bus.publish({ type: 'apiKey.revoked', apiKeyIds, reason });
  }

  async authenticateToken(token: string): Promise<Authentication> {
    const s = await this.sessions.findByTokenHash(sha256(token));
    if (!s || s.revokedAt || s.expiresAt.getTime() <= Date.now() || !s.userActive) return null;
    if (s.clientId && !s.clientActive) return null;
    return {
      principal: {
        kind: 'session',
        userId: s.userId,
        role: s.role,
        clientId: s.clientId,
        sessionId: s.sessionId,
        expiresAt: s.expiresAt.toISOString(),
      },
      accessDisabled: s.clientDisableAccess === true,
    };
  }

  async authenticateApiKey(key: string): Promise<Authentication> {
    const k = await this.apiKeys.findByKeyHash(sha256(key));
    if (!k || !k.active || !k.clientActive) return null;
    void this.apiKeys.touch(k.apiKeyId).catch(() => undefined);
    return {
      principal: {
        kind: 'apiKey',
        apiKeyId: k.apiKeyId,
        role: 'user',
        clientId: k.clientId,
        userId: null,
        sessionId: null,
        expiresAt: null,
      },
      accessDisabled: k.clientDisableAccess,
    };
  }

  /** Socket handshake: `{ token }` or `{ apiKey }`; anything else, or an access-disabled client, is refused. */
  async authenticateHandshake(auth: Record<string, unknown> | undefined): Promise<Principal | null> {
    const token = typeof auth?.token === 'string' ? auth.token : undefined;
    const apiKey = typeof auth?.apiKey === 'string' ? auth.apiKey : undefined;
    const result = token
      ? await this.authenticateToken(token)
      : apiKey
        ? await this.authenticateApiKey(apiKey)
        : null;
    if (!result || result.accessDisabled) return null;
    return result.principal;
  }
}
