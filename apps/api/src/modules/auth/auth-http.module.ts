import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';

/** The sign-in and sign-out endpoints (api role). */
@Module({ controllers: [AuthController] })
export class AuthHttpModule {}
