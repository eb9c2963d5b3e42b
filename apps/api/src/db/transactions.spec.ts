import type { Db } from './database';
import { Transactions } from './transactions';

/** A database whose transaction hands the callback a marker instead of a connection. */
const fakeDb = {
  transaction: (fn: (tx: unknown) => Promise<unknown>) => fn('the transaction'),
} as unknown as Db;

describe('Transactions', () => {
  it('queries through the transaction inside run, and through the database outside', async () => {
    const tx = new Transactions(fakeDb);
    expect(tx.db).toBe(fakeDb);
    await tx.run(async () => {
      await Promise.resolve();
      expect(tx.db).toBe('the transaction');
      expect(tx.active).toBe(true);
    });
    expect(tx.active).toBe(false);
  });

  it('runs after-commit hooks once the transaction is done, in order', async () => {
    const tx = new Transactions(fakeDb);
    const seen: string[] = [];
    await tx.run(async () => {
      await tx.afterCommit(() => seen.push('first'));
      await tx.afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first', 'second']);
  });

  it('still scopes a run started after dispose (an app shut down while a late job finishes)', async () => {
    const tx = new Transactions(fakeDb);
    tx.dispose();
    expect(tx.active).toBe(false);
    await tx.run(async () => {
      await Promise.resolve();
      expect(tx.db).toBe('the transaction');
    });
  });
});
