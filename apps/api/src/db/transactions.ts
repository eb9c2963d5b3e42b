import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { Db } from './database';

/** An open Drizzle transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a query runs on: the current transaction, or the database outside one. */
export type DbOrTx = Db | Tx;

/** Something to do once the change is durable: publish an event, cut sockets, wake a job. */
export type AfterCommit = () => unknown;

interface Scope {
  readonly tx: Tx;
  readonly afterCommit: AfterCommit[];
}

/**
 * Ambient transactions (decision 0107). A service wraps a change in `run`; every repository call inside it, however
 * deep, queries through `db`, which is that transaction, so nobody passes a `tx` down and nobody can forget to (on
 * the embedded runtime's single connection a query beside an open transaction would wait for it forever). A nested
 * `run` joins the outer transaction: one commit, at the outermost `run`.
 *
 * What must only happen once the change is durable — events, audit announcements, socket cuts, job wake-ups — is
 * registered with `afterCommit`: it runs after the commit, in the order registered, before `run` returns (so the
 * caller's reply follows it), and never after a rollback. A failing hook is logged and does not undo or fail the
 * committed change. Outside a transaction a hook runs at once.
 */
export class Transactions {
  private readonly scope = new AsyncLocalStorage<Scope>();

  constructor(
    private readonly root: Db,
    private readonly log?: Pick<Logger, 'error'>,
  ) {}

  /** The transaction of the current `run`, or the database outside one. Repositories query through this. */
  get db(): DbOrTx {
    return this.scope.getStore()?.tx ?? this.root;
  }

  /** Whether the caller runs inside a transaction. */
  get active(): boolean {
    return this.scope.getStore() !== undefined;
  }

  /** Runs `fn` in a transaction (or in the caller's, when there is one); its after-commit hooks run on commit. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return fn();
    const afterCommit: AfterCommit[] = [];
    const result = await this.root.transaction((tx) => this.scope.run({ tx, afterCommit }, fn));
    // Outside the scope now: a hook that writes runs on its own (or opens its own transaction).
    for (const hook of afterCommit) await this.settle(hook);
    return result;
  }

  /** Runs `hook` after the current transaction commits (dropped on rollback); at once outside a transaction. */
  async afterCommit(hook: AfterCommit): Promise<void> {
    const scope = this.scope.getStore();
    if (scope) scope.afterCommit.push(hook);
    else await this.settle(hook);
  }

  /**
   * Stops tracking the scope, once the app is shut down. Every AsyncLocalStorage ever run is visited at each promise
   * the process makes until it is disabled: a process that starts and stops many apps (the test runners) would
   * otherwise pay for every app it ever ran.
   */
  dispose(): void {
    this.scope.disable();
  }

  private async settle(hook: AfterCommit): Promise<void> {
    try {
      await hook();
    } catch (err) {
      this.log?.error({ err }, 'an after-commit step failed (the change itself is committed)');
    }
  }
}
