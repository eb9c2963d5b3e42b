import { ParseUUIDPipe } from '@nestjs/common';
import { Errors } from './errors';

/** A path id that is not a UUID cannot name any row: answer 404 with `message`, like an unknown id. */
export const uuidParam = (message: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => Errors.notFound(message) });
