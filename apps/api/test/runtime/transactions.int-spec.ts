import { eq } from 'drizzle-orm';
import { rooms } from '@depot/contracts';
import { Transactions } from '../../src/db/transactions';
import { clients } from '../../src/db/schema';
import { AuditService } from '../../src/modules/audit/audit.service';
import { connected, eventMatching, startTestDepot, type TestDepot } from '../harness';

/**
 * Ambient transactions (decision 0107): code inside `run` queries through the one transaction without passing it,
 * nested runs join it, and after-commit steps run only once it committed — on both runtimes (on the embedded one a
 * query beside an open transaction would otherwise wait for the single connection forever).
 */
describe('ambient transactions', () => {
  let t: TestDepot;
  let transactions: Transactions;
  const named = async (name: string) =>
    t.depot.runtime.db.select({ id: clients.id }).from(clients).where(eq(clients.companyName, name));
  const insert = (name: string) => transactions.db.insert(clients).values({ companyName: name });

  beforeAll(async () => {
    t = await startTestDepot();
    transactions = t.depot.app.get(Transactions);
  });
  afterAll(async () => {
    await t.close();
  });

  it('everything inside run is one transaction: a failure rolls back every statement, however deep', async () => {
    const deep = async () => {
      await insert('tx-deep-1');
      await transactions.run(async () => insert('tx-deep-2')); // nested: joins, does not commit on its own
    };
    await expect(
      transactions.run(async () => {
        await deep();
        expect(transactions.active).toBe(true);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await named('tx-deep-1')).toEqual([]);
    expect(await named('tx-deep-2')).toEqual([]);
    expect(transactions.active).toBe(false);
  });

  it('commits at the outermost run, and reads inside see the transaction’s own writes', async () => {
    const seen = await transactions.run(async () => {
      await insert('tx-commit');
      return transactions.db.select().from(clients).where(eq(clients.companyName, 'tx-commit'));
    });
    expect(seen).toHaveLength(1);
    expect(await named('tx-commit')).toHaveLength(1);
  });

  it('after-commit steps run in order once committed, see the committed rows, and are dropped on rollback', async () => {
    const log: string[] = [];
    await transactions.run(async () => {
      await insert('tx-hooks');
      await transactions.afterCommit(async () => {
        log.push(`first:${(await named('tx-hooks')).length}`);
      });
      await transactions.run(async () => {
        await transactions.afterCommit(() => log.push('nested'));
      });
      log.push('body');
    });
    expect(log).toEqual(['body', 'first:1', 'nested']);

    const dropped: string[] = [];
    await expect(
      transactions.run(async () => {
        await transactions.afterCommit(() => dropped.push('never'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(dropped).toEqual([]);
  });

  it('a failing after-commit step neither fails nor undoes the committed change; the next step still runs', async () => {
    const after: string[] = [];
    await expect(
      transactions.run(async () => {
        await insert('tx-hook-fails');
        await transactions.afterCommit(() => {
          throw new Error('publish failed');
        });
        await transactions.afterCommit(() => after.push('ran'));
      }),
    ).resolves.toBeUndefined();
    expect(await named('tx-hook-fails')).toHaveLength(1);
    expect(after).toEqual(['ran']);
  });

  it('outside a transaction an after-commit step runs at once', async () => {
    const ran: string[] = [];
    await transactions.afterCommit(() => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it('two concurrent runs each keep their own transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = transactions.run(async () => {
      await insert('tx-concurrent-a');
      await gate;
      throw new Error('a rolls back');
    });
    const fast = transactions.run(async () => {
      await insert('tx-concurrent-b');
    });
    // On the embedded runtime the second run waits for the one connection; release the first so both can finish.
    release();
    await expect(slow).rejects.toThrow('a rolls back');
    await fast;
    expect(await named('tx-concurrent-a')).toEqual([]);
    expect(await named('tx-concurrent-b')).toHaveLength(1);
  });

  it('the live logs list hears of a change only once it committed, and never of a rolled-back one', async () => {
    const admin = await t.userWithToken('admin');
    const socket = t.socket({ token: admin.token });
    await connected(socket);
    const ack = await socket.timeout(5000).emitWithAck('subscribe', rooms.list('logs'));
    expect(ack.ok).toBe(true);
    const audit = t.depot.app.get(AuditService);
    await expect(
      transactions.run(async () => {
        await audit.record(null, { type: 'matrix.delete', entity: 'matrix', entityId: 'tx-rolled-back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const announced = eventMatching(socket, 'list:change', (ch) => ch.list === 'logs');
    await transactions.run(async () => {
      await audit.record(null, { type: 'matrix.delete', entity: 'matrix', entityId: 'tx-committed' });
    });
    // The first logs event after both is the committed entry's: the rolled-back one was never announced.
    const first = await announced;
    expect(first).toMatchObject({ op: 'upsert', row: { entityId: 'tx-committed' } });
  });
});
