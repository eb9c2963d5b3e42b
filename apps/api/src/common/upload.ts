import {
  BadRequestException,
  HttpStatus,
  Injectable,
  PayloadTooLargeException,
  createParamDecorator,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { MESSAGES, type RouteMeta } from '@depot/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { Errors } from './errors';
import { assertStorableText } from './edge-input';

type Upload = NonNullable<RouteMeta['upload']>;

/** An uploaded file as a handler receives it: kept in memory (uploads are small; the route's limit holds). */
export interface UploadedFileData {
  originalname: string;
  size: number;
  buffer: Buffer;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const tooLarge = (upload: Upload) =>
  Errors.payloadTooLarge(MESSAGES.uploadTooLarge(megabytes(upload.maxBytes)));

/**
 * The interceptor of an upload route (a contract entry with `upload`): multer reads the one file of `field` into
 * memory, stopping at `maxBytes` (a larger file is refused with the route's limit in the message, in the panel's
 * words, before it is read whole); a file with another extension, or none, is refused the same way.
 */
export function UploadInterceptor(upload: Upload): Type<NestInterceptor> {
  const Multer = FileInterceptor(upload.field, {
    limits: { fileSize: upload.maxBytes, files: 1, fields: 10, parts: 12 },
    // A file name is UTF-8 as browsers send it (multer reads one without a charset as latin1: "Łódź" came out garbled).
    defParamCharset: 'utf8',
  });
  @Injectable()
  class Interceptor implements NestInterceptor {
    private readonly multer = new Multer();

    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      let handled: Observable<unknown>;
      try {
        handled = await this.multer.intercept(ctx, next);
      } catch (err) {
        if (err instanceof PayloadTooLargeException) throw tooLarge(upload);
        // Another field name, a broken multipart body: the same plain refusal.
        if (err instanceof BadRequestException || statusOf(err) === HttpStatus.BAD_REQUEST)
          throw Errors.badRequest(MESSAGES.uploadMissing);
        throw err;
      }
      const file = ctx.switchToHttp().getRequest<Request & { file?: UploadedFileData }>().file;
      if (!file || file.size === 0) throw Errors.badRequest(MESSAGES.uploadMissing);
      // The name is kept (the change log): one PostgreSQL cannot store (a NUL, as `filename*=UTF-8''%00`) is refused.
      assertStorableText({ [upload.field]: file.originalname });
      const name = file.originalname.toLowerCase();
      if (!upload.extensions.some((ext) => name.endsWith(`.${ext}`)))
        throw Errors.badRequest(upload.wrongType ?? MESSAGES.uploadNotXlsx);
      return handled;
    }
  }
  return mixin(Interceptor);
}

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** `@UploadedFileOf() file`: the upload route's file (the interceptor has checked it is there). */
export const UploadedFileOf = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): UploadedFileData =>
    ctx.switchToHttp().getRequest<Request & { file: UploadedFileData }>().file,
);
