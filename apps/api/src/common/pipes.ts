import { ParseUUIDPipe } from '@nestjs/common';
import { Errors } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path value can name a row at all (checked before any query sees it). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A path id that is not a UUID cannot name any row: answer 404 with `message`, like an unknown id. */
export const uuidParam = (message: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => Errors.notFound(message) });
