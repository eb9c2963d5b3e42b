import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { RECENT_JOB_NAMES, type RecentJobState } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { jobRuns } from '../../db/schema';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** What a job's report changes in its row. */
export interface JobRunChange {
  state: RecentJobState;
  progress?: number;
  result?: unknown;
  message?: string;
}

/** SQL of the recent jobs (decision 0121): one row per file job a user started, kept up to date as it runs. */
@Injectable()
export class JobRunsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  /**
   * Records a change of job `id` (queued, progress, finished, failed). An upsert: a quick job may report before the
   * row of its queueing is written, and a later report never goes back to an earlier state.
   */
  async record(id: string, userId: string, name: string, change: JobRunChange): Promise<void> {
    const values = {
      id,
      userId,
      name,
      state: change.state,
      progress: change.progress ?? 0,
      result: change.result ?? null,
      message: change.message ?? null,
    };
    const ended = sql`${jobRuns.state} in ('finished', 'failed')`;
    await this.db
      .insert(jobRuns)
      .values(values)
      .onConflictDoUpdate({
        target: jobRuns.id,
        set:
          change.state === 'queued'
            ? { id: sql`${jobRuns.id}` }
            : {
                state: sql`case when ${ended} then ${jobRuns.state} else excluded.state end`,
                progress: sql`case when ${ended} then ${jobRuns.progress} else excluded.progress end`,
                result: sql`coalesce(excluded.result, ${jobRuns.result})`,
                message: sql`coalesce(excluded.message, ${jobRuns.message})`,
                updatedAt: sql`now()`,
              },
      });
  }

  /** The user's file jobs started after `since`, newest first. */
  async recent(userId: string, since: Date, limit: number): Promise<JobRunRow[]> {
    return this.db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.userId, userId),
          inArray(jobRuns.name, [...RECENT_JOB_NAMES]),
          gt(jobRuns.createdAt, since),
        ),
      )
      .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
      .limit(limit);
  }

  /** Removes the rows of jobs started before `before`. */
  async deleteStartedBefore(before: Date): Promise<void> {
    await this.db.delete(jobRuns).where(lt(jobRuns.createdAt, before));
  }
}
