import { Inject, Injectable } from '@nestjs/common';
import { asc, ilike, or, sql } from 'drizzle-orm';
import type { ClientOption } from '@depot/contracts';
import { DB } from '../../core/core.tokens';
import type { Db } from '../../db/database';
import { clients } from '../../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class ClientsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Clients for a picker: by company or short name, alphabetically. */
  async options(search: string | undefined, limit: number): Promise<ClientOption[]> {
    const term = search ? `%${escapeLike(search)}%` : undefined;
    return this.db
      .select({
        id: clients.id,
        companyName: clients.companyName,
        shortName: clients.shortName,
        active: clients.active,
      })
      .from(clients)
      .where(term ? or(ilike(clients.companyName, term), ilike(clients.shortName, term)) : undefined)
      .orderBy(asc(sql`lower(${clients.companyName})`), asc(clients.id))
      .limit(limit);
  }
}
