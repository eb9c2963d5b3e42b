import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  changePasswordSchema,
  createUserSchema,
  MESSAGES,
  updateUserSchema,
  userListRequestSchema,
  type ChangePasswordRequest,
  type CurrentUserView,
  type ListReply,
  type UserView,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody } from '../../common/zod';
import { uuidParam } from '../../common/pipes';
import { CheckFirst, CurrentPrincipal, RequirePermission, type SessionPrincipal } from '../auth/decorators';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('user/get/current')
  @RequirePermission('account.read')
  @ApiOperation({ summary: 'The signed-in user, with permissions and session expiry' })
  current(@CurrentPrincipal() p: SessionPrincipal): Promise<CurrentUserView> {
    return this.users.current(p);
  }

  @Post('user/get/list')
  @HttpCode(200)
  @RequirePermission('users.read')
  @ApiOperation({ summary: 'Staff users, keyset pages of 50 (a salesman gets only itself)' })
  @BodySchema(userListRequestSchema)
  list(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(userListRequestSchema) body: z.output<typeof userListRequestSchema>,
  ): Promise<ListReply<UserView>> {
    return this.users.list(p, body);
  }

  @Post('user/create')
  @RequirePermission('users.write', 'clientUsers.write')
  @ApiOperation({ summary: 'Create a user (only a superAdmin creates a superAdmin)' })
  @BodySchema(createUserSchema)
  create(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(createUserSchema) body: z.output<typeof createUserSchema>,
  ): Promise<UserView> {
    return this.users.create(p, body);
  }

  @Post('user/changePassword')
  @HttpCode(200)
  @RequirePermission('account.update')
  @ApiOperation({ summary: "Change own password; ends the user's other sessions" })
  @BodySchema(changePasswordSchema)
  changePassword(
    @CurrentPrincipal() p: SessionPrincipal,
    @ValidBody(changePasswordSchema) body: ChangePasswordRequest,
  ): Promise<{ message: string }> {
    return this.users.changeOwnPassword(p, body);
  }

  @Get('user/:userId')
  @RequirePermission('account.read')
  @ApiOperation({ summary: 'One user (for the edit form)' })
  get(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('userId', uuidParam(MESSAGES.userNotFound)) userId: string,
  ): Promise<UserView> {
    return this.users.get(p, userId);
  }

  @Put('user/:userId')
  @RequirePermission('account.update')
  @CheckFirst(UsersService, (users, p, params) => users.assertMaySee(p, params.userId))
  @ApiOperation({ summary: 'Edit a user; anyone may edit own name and language' })
  @BodySchema(updateUserSchema)
  update(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('userId', uuidParam(MESSAGES.userNotFound)) userId: string,
    @ValidBody(updateUserSchema) body: z.output<typeof updateUserSchema>,
  ): Promise<UserView> {
    return this.users.update(p, userId, body);
  }

  @Put('client/:clientId/user/:userId')
  @RequirePermission('account.update')
  @CheckFirst(UsersService, (users, p, params) => users.assertMaySee(p, params.userId, params.clientId))
  @ApiOperation({ summary: "Edit a client's user (e.g. lang, disableNewOrders)" })
  @BodySchema(updateUserSchema)
  updateClientUser(
    @CurrentPrincipal() p: SessionPrincipal,
    @Param('clientId', uuidParam(MESSAGES.clientNotFound)) clientId: string,
    @Param('userId', uuidParam(MESSAGES.userNotFound)) userId: string,
    @ValidBody(updateUserSchema) body: z.output<typeof updateUserSchema>,
  ): Promise<UserView> {
    return this.users.update(p, userId, body, clientId);
  }
}
