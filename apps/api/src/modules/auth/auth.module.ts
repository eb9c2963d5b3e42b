import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { ApiKeysRepository } from './api-keys.repository';
import { AuthService } from './auth.service';
import { CredentialsRepository } from './credentials.repository';
import { PasswordHasher } from './password-hasher';
import { RowOwnersRepository } from './row-owners.repository';
import { SessionsRepository } from './sessions.repository';
import { SignInLimiter } from './sign-in-limiter';

/** Authentication for every role of the process: the guard, sessions, API keys, password hashing. */
@Global()
@Module({
  providers: [
    AuthService,
    SessionsRepository,
    ApiKeysRepository,
    CredentialsRepository,
    PasswordHasher,
    RowOwnersRepository,
    SignInLimiter,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, PasswordHasher, CredentialsRepository, RowOwnersRepository],
})
export class AuthCoreModule {}
