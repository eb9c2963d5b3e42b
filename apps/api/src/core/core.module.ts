import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Logger } from 'pino';
import { ReplyCheckInterceptor } from '../common/contract-route';
import { EdgeInputInterceptor } from '../common/edge-input';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { DatabaseRuntime } from '../db/database';
import { Transactions } from '../db/transactions';
import { EventBus } from '../events/event-bus';
import { SecretBox } from '../secrets/secret-box';
import { DATABASE_RUNTIME, DB, LOGGER } from './core.tokens';

export interface CoreDeps {
  config: AppConfig;
  runtime: DatabaseRuntime;
  bus: EventBus;
  logger: Logger;
}

/** Makes the config, the database, the event bus and the logger injectable everywhere. */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  static forRoot(deps: CoreDeps): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: deps.config },
        { provide: DATABASE_RUNTIME, useValue: deps.runtime },
        { provide: DB, useValue: deps.runtime.db },
        { provide: Transactions, useValue: new Transactions(deps.runtime.db, deps.logger) },
        { provide: EventBus, useValue: deps.bus },
        { provide: LOGGER, useValue: deps.logger },
        { provide: SecretBox, useValue: SecretBox.fromConfig(deps.config) },
        // After the guard, before pipes: the one text rule and deferred body errors (issue 11).
        { provide: APP_INTERCEPTOR, useClass: EdgeInputInterceptor },
        // In tests: every reply of a contract-bound route is checked against its reply schema (decision 0108).
        { provide: APP_INTERCEPTOR, useClass: ReplyCheckInterceptor },
      ],
      exports: [APP_CONFIG, DATABASE_RUNTIME, DB, Transactions, EventBus, LOGGER, SecretBox],
    };
  }

  constructor(private readonly transactions: Transactions) {}

  onApplicationShutdown(): void {
    // The runtime and bus are owned by whoever opened them (main or the test harness), which closes them
    // after Nest has shut down, so nothing is closed twice or too early here.
    this.transactions.dispose();
  }
}
