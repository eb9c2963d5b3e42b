import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { signInSchema, type Principal, type SignInReply, type SignInRequest } from '@depot/contracts';
import type { Request } from 'express';
import { BodySchema, ValidBody } from '../../common/zod';
import { AuthService } from './auth.service';
import { AllowWhenAccessDisabled, CurrentPrincipal, Public, RequirePermission } from './decorators';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('email')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password; the token lasts 24 hours' })
  @BodySchema(signInSchema)
  signIn(@ValidBody(signInSchema) body: SignInRequest, @Req() req: Request): Promise<SignInReply> {
    return this.auth.signIn(body.email, body.password, {
      ip: req.ip ?? 'unknown',
      userAgent: req.headers['user-agent'] ?? null,
    });
  }

  @Post('signout')
  @HttpCode(200)
  @RequirePermission('account.read')
  @AllowWhenAccessDisabled()
  @ApiOperation({ summary: 'Sign out: revokes this session and disconnects its sockets' })
  async signOut(@CurrentPrincipal() principal: Principal): Promise<{ message: string }> {
    await this.auth.signOut(principal);
    return { message: 'Signed out.' };
  }
}
