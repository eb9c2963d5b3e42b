import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  RATE_LIMIT_HEADERS,
  signInSchema,
  type Principal,
  type SignInReply,
  type SignInRequest,
} from '@depot/contracts';
import type { Request, Response } from 'express';
import { retryAfterOf } from '../../common/errors';
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
  async signIn(
    @ValidBody(signInSchema) body: SignInRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInReply> {
    try {
      return await this.auth.signIn(body.email, body.password, {
        ip: req.ip ?? 'unknown',
        userAgent: req.headers['user-agent'] ?? null,
      });
    } catch (err) {
      // Too many failed attempts: the 429 says how long to wait in Retry-After too, like the API-key limit.
      const seconds = retryAfterOf(err);
      if (seconds !== undefined) res.setHeader(RATE_LIMIT_HEADERS.retryAfter, String(seconds));
      throw err;
    }
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
