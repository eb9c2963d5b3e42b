import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  logAuthorsQuerySchema,
  logListRequestSchema,
  type ListReply,
  type LogAuthor,
  type LogFacets,
  type LogListItem,
  type LogView,
} from '@depot/contracts';
import type { z } from 'zod';
import { BodySchema, ValidBody, ZodPipe } from '../../common/zod';
import { RequirePermission } from '../auth/decorators';
import { LogsService } from './logs.service';

/** The change log (administration/logs); SPEC 7 names no calls for it, so these follow its style. */
@ApiTags('logs')
@Controller('log')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Post('get/list')
  @HttpCode(200)
  @RequirePermission('logs.read')
  @ApiOperation({
    summary: 'Log entries, newest first, keyset pages of 50; filters: type, author, entity, id, Warsaw days',
  })
  @BodySchema(logListRequestSchema)
  list(
    @ValidBody(logListRequestSchema) body: z.output<typeof logListRequestSchema>,
  ): Promise<ListReply<LogListItem>> {
    return this.logs.list(body);
  }

  @Get('get/facets')
  @RequirePermission('logs.read')
  @ApiOperation({ summary: 'The types and entities the log holds (choices of the filters)' })
  facets(): Promise<LogFacets> {
    return this.logs.facets();
  }

  @Get('get/authors')
  @RequirePermission('logs.read')
  @ApiOperation({ summary: 'Users by name or e-mail, for the author filter' })
  authors(
    @Query(new ZodPipe(logAuthorsQuerySchema)) q: z.output<typeof logAuthorsQuerySchema>,
  ): Promise<LogAuthor[]> {
    return this.logs.authors(q);
  }

  @Get(':id')
  @RequirePermission('logs.read')
  @ApiOperation({ summary: 'One entry with its data before and after the change (secrets hidden)' })
  get(@Param('id') id: string): Promise<LogView> {
    return this.logs.get(id);
  }
}
