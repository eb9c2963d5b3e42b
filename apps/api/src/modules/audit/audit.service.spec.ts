import { HIDDEN_SECRET, type Principal } from '@depot/contracts';
import type { Transactions } from '../../db/transactions';
import type { AuditEntry, AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

const actor: Principal = {
  kind: 'session',
  userId: 'aaaaaaaa-0000-4000-8000-000000000001',
  role: 'admin',
  clientId: null,
  sessionId: 's-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

function service() {
  const written: AuditEntry[] = [];
  const repo = {
    insert: jest.fn(async (e: AuditEntry) => {
      written.push(e);
      return written.length;
    }),
  };
  // Outside a transaction an after-commit step runs at once (transactions.int-spec.ts covers the rest).
  const transactions = { afterCommit: async (hook: () => unknown) => void (await hook()) };
  return {
    audit: new AuditService(repo as unknown as AuditRepository, transactions as unknown as Transactions),
    written,
  };
}

describe('AuditService', () => {
  it('writes who and what, with secrets hidden in before, after and details', async () => {
    const { audit, written } = service();
    await audit.record(actor, {
      type: 'user.update',
      entity: 'user',
      entityId: 'u-1',
      before: { email: 'a@b.pl', passwordHash: '$argon2id$x' },
      after: { email: 'a@b.pl', passwordHash: '$argon2id$y' },
      details: { passwordChanged: true, token: 't' },
    });
    expect(written).toEqual([
      {
        type: 'user.update',
        entity: 'user',
        entityId: 'u-1',
        createdById: actor.userId,
        apiKeyId: null,
        before: { email: 'a@b.pl', passwordHash: HIDDEN_SECRET },
        after: { email: 'a@b.pl', passwordHash: HIDDEN_SECRET },
        details: { passwordChanged: true, token: HIDDEN_SECRET },
      },
    ]);
  });

  it('tells its listeners the number of each entry, until they stop listening', async () => {
    const { audit } = service();
    const heard: number[] = [];
    const stop = audit.onRecorded((id) => heard.push(id));
    await audit.record(null, { type: 'matrix.delete', entity: 'matrix', entityId: null });
    await audit.record(null, { type: 'matrix.create', entity: 'matrix', entityId: null });
    stop();
    await audit.record(null, { type: 'matrix.update', entity: 'matrix', entityId: null });
    expect(heard).toEqual([1, 2]);
  });
});
