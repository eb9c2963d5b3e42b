import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Role } from '@depot/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { LOGGER } from '../../core/core.tokens';
import { PasswordHasher } from '../auth/password-hasher';
import { DemoDataService } from './demo-data.service';
import { DemoParcelsService } from './demo-parcels.service';
import { DemoConsolidationsService } from './demo-consolidations';
import { Transactions } from '../../db/transactions';
import { SeedRepository } from './seed.repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@depot.local';
/** Demo users (embedded mode only) share this password; README lists them. */
export const DEMO_PASSWORD = 'depot-demo-2026';
export const DEMO_USERS: {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  lang: 'en' | 'pl';
}[] = [
  { email: 'admin@demo.depot', role: 'admin', firstName: 'Anna', lastName: 'Admin', lang: 'en' },
  { email: 'salesman@demo.depot', role: 'salesman', firstName: 'Szymon', lastName: 'Sprzedawca', lang: 'pl' },
  { email: 'operator@demo.depot', role: 'operator', firstName: 'Olga', lastName: 'Operator', lang: 'en' },
  { email: 'magazyn@demo.depot', role: 'magazyn', firstName: 'Marek', lastName: 'Magazynier', lang: 'pl' },
  { email: 'user@demo.depot', role: 'user', firstName: 'Karolina', lastName: 'Klient', lang: 'pl' },
];

/**
 * First start on an empty database: the first superAdmin (from DEPOT_ADMIN_EMAIL/PASSWORD, or a
 * generated password printed once), and demo users of each role plus the administration demo data (demo-data.service)
 * and demo parcels (demo-parcels.service) when demo data is on.
 */
@Injectable()
export class SeedService {
  constructor(
    private readonly repo: SeedRepository,
    private readonly transactions: Transactions,
    private readonly demo: DemoDataService,
    private readonly demoParcels: DemoParcelsService,
    private readonly demoConsolidations: DemoConsolidationsService,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async seedIfEmpty(): Promise<{ seeded: boolean; generatedPassword?: string }> {
    if ((await this.repo.userCount()) > 0) return { seeded: false };
    const email = this.config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const generated = this.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    const adminHash = await this.hasher.hash(this.config.adminPassword ?? generated!);
    const demoHash = this.config.demoData ? await this.hasher.hash(DEMO_PASSWORD) : undefined;

    const started = Date.now();
    let demoParcels = 0;
    const seeded = await this.transactions.run(async () => {
      // Another instance may have seeded between the check and this transaction.
      if ((await this.repo.userCount()) > 0) return false;
      await this.repo.insertUsers([
        {
          email,
          firstName: 'Super',
          lastName: 'Admin',
          role: 'superAdmin',
          lang: 'en',
          passwordHash: adminHash,
        },
      ]);
      if (demoHash) {
        const clientId = await this.demo.load();
        await this.repo.insertUsers(
          DEMO_USERS.map((u) => ({
            ...u,
            passwordHash: demoHash,
            clientId: u.role === 'user' ? clientId : null,
          })),
        );
        demoParcels = await this.demoParcels.load();
        await this.demoConsolidations.load();
      }
      return true;
    });
    if (!seeded) return { seeded: false };
    if (generated) {
      // Printed once, on purpose, to standard output (not the JSON log) so it is not shipped to log storage.
      process.stdout.write(
        `\n  First superAdmin created: ${email}\n  Generated password (shown only now): ${generated}\n\n`,
      );
    }
    this.log.info(
      { email, demoUsers: demoHash ? DEMO_USERS.length : 0, demoParcels, durationMs: Date.now() - started },
      'first start: users created',
    );
    return { seeded: true, generatedPassword: generated };
  }
}
