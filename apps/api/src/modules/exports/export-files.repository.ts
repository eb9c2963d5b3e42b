import { createReadStream } from 'node:fs';
import { Injectable } from '@nestjs/common';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Language } from '@depot/contracts';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { exportFiles, users } from '../../db/schema';

export type NewExportFile = Omit<typeof exportFiles.$inferInsert, 'id' | 'createdAt'>;

export interface StoredExportFile {
  id: string;
  fileName: string;
  mimeType: string;
  /** Bytes. */
  size: number;
}

/**
 * A download reads the file in slices of this many bytes (decision 0095): the file is never held whole in memory,
 * nor as the hex text PostgreSQL sends a bytea in (twice its size), whatever its size.
 */
export const DOWNLOAD_SLICE_BYTES = 1024 * 1024;

/**
 * A file stored from disk is sent in slices of this many bytes (decision 0095): the driver sends a bytea as hex
 * text, so a whole 15 MB file would cost ~60 MB of transient strings and buffers.
 */
export const STORE_SLICE_BYTES = 4 * 1024 * 1024;

/** SQL of the exports module: the files export jobs make, and the exporting user's language. */
@Injectable()
export class ExportFilesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async insert(file: NewExportFile): Promise<{ id: string; expiresAt: Date }> {
    const [row] = await this.db
      .insert(exportFiles)
      .values(file)
      .returning({ id: exportFiles.id, expiresAt: exportFiles.expiresAt });
    return row;
  }

  /**
   * Stores a file written to disk (`file.size` bytes at `path`) without reading it whole: the row is inserted empty
   * and the content appended a slice at a time, in one transaction (no half-stored file is ever seen).
   */
  async insertFromFile(
    file: Omit<NewExportFile, 'content'>,
    path: string,
  ): Promise<{ id: string; expiresAt: Date }> {
    return this.transactions.run(async () => {
      const [row] = await this.db
        .insert(exportFiles)
        .values({ ...file, content: Buffer.alloc(0) })
        .returning({ id: exportFiles.id, expiresAt: exportFiles.expiresAt });
      let stored = 0;
      for await (const slice of createReadStream(path, { highWaterMark: STORE_SLICE_BYTES })) {
        const part = slice as Buffer;
        await this.db
          .update(exportFiles)
          .set({ content: sql`${exportFiles.content} || ${part}::bytea` })
          .where(eq(exportFiles.id, row.id));
        stored += part.length;
      }
      if (stored !== file.size)
        throw new Error(`export file ${path}: stored ${stored} of ${file.size} bytes`);
      return row;
    });
  }

  /** The file's name, type and size (not its content), when `ownerUserId` owns it and it has not expired. */
  async findOwned(id: string, ownerUserId: string): Promise<StoredExportFile | undefined> {
    const [row] = await this.db
      .select({
        id: exportFiles.id,
        fileName: exportFiles.fileName,
        mimeType: exportFiles.mimeType,
        size: sql<number>`octet_length(${exportFiles.content})`.mapWith(Number),
      })
      .from(exportFiles)
      .where(
        and(
          eq(exportFiles.id, id),
          eq(exportFiles.ownerUserId, ownerUserId),
          gt(exportFiles.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * The content of a file found by `findOwned`, a slice at a time. A file removed meanwhile (expired) ends the
   * stream with an error rather than a short file.
   */
  async *content(id: string, size: number): AsyncIterable<Buffer> {
    for (let from = 0; from < size; from += DOWNLOAD_SLICE_BYTES) {
      const [row] = await this.db
        .select({
          part: sql<Buffer>`substring(${exportFiles.content} from ${from + 1} for ${DOWNLOAD_SLICE_BYTES})`,
        })
        .from(exportFiles)
        .where(eq(exportFiles.id, id))
        .limit(1);
      if (!row?.part) throw new Error(`export file ${id} went away while it was being downloaded`);
      yield Buffer.from(row.part);
    }
  }

  /** Removes expired files; returns how many. */
  async deleteExpired(): Promise<number> {
    const gone = await this.db
      .delete(exportFiles)
      .where(lte(exportFiles.expiresAt, sql`now()`))
      .returning({ id: exportFiles.id });
    return gone.length;
  }

  /** The language a user reads files in (headers, file names, label words); undefined for no such user. */
  async languageOf(userId: string): Promise<Language | undefined> {
    const [row] = await this.db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.lang;
  }
}
