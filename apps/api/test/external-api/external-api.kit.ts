import { Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { MESSAGES, type Principal } from '@depot/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Errors } from '../../src/common/errors';
import { ReplySchema } from '../../src/common/openapi';
import { BodySchema, ValidBody } from '../../src/common/zod';
import { CurrentPrincipal, RequirePermission } from '../../src/modules/auth/decorators';
import { ExternalApi, Idempotent } from '../../src/modules/external-api/decorators';

// ---------------------------------------------------------------------------------------------
// A test-only "external API" controller (the parcel endpoints are not the subject here). It counts how
// many times its handlers ran, so a test can tell a replay from a second run. It lives here, never in src.
// ---------------------------------------------------------------------------------------------

/** Handler runs, per route. Tests read and reset it. */
export const runs = { create: 0, ping: 0, plain: 0 };

/** Holds a `wait: true` call inside its handler until the test opens the gate. */
export class Gate {
  private opened!: () => void;
  private entered!: () => void;
  private readonly open$ = new Promise<void>((r) => (this.opened = r));
  /** Resolves once a call is inside the handler. */
  readonly started = new Promise<void>((r) => (this.entered = r));
  async pass(): Promise<void> {
    this.entered();
    await this.open$;
  }
  open(): void {
    this.opened();
  }
}
export const gates: { current: Gate | null } = { current: null };

export const TEST_REFERENCE_REQUIRED = 'Reference is required';

export const createSchema = z
  .object({
    reference: z.string({ error: TEST_REFERENCE_REQUIRED }).min(1, { error: TEST_REFERENCE_REQUIRED }),
    weightKg: z.number().positive().optional(),
    /** 'refuse' answers 404 from the handler; 'crash' throws (500). */
    fail: z.enum(['refuse', 'crash']).optional(),
    wait: z.boolean().optional(),
  })
  .strict()
  .meta({ examples: [{ reference: 'SHOP-1001', weightKg: 1.5 }] });

export const replySchema = z
  .object({ id: z.uuid(), reference: z.string(), run: z.number().int(), clientId: z.uuid().nullable() })
  .meta({
    examples: [
      { id: '0f8fad5b-d9cb-469f-a165-70867728950e', reference: 'SHOP-1001', run: 1, clientId: null },
    ],
  });

@Controller('test-external')
class TestExternalController {
  @Post('create')
  @ExternalApi()
  @Idempotent()
  @RequirePermission('parcels.create')
  @BodySchema(createSchema)
  @ReplySchema(201, replySchema, { description: 'Created' })
  async create(
    @CurrentPrincipal() p: Principal,
    @ValidBody(createSchema) body: z.output<typeof createSchema>,
  ): Promise<z.output<typeof replySchema>> {
    const run = ++runs.create;
    if (body.wait) await gates.current?.pass();
    if (body.fail === 'refuse') throw Errors.notFound(MESSAGES.notFound);
    if (body.fail === 'crash') throw new Error('the handler crashed');
    return { id: randomUUID(), reference: body.reference, run, clientId: p.clientId };
  }

  /** Idempotent with an empty 204 reply. */
  @Post('touch')
  @HttpCode(204)
  @ExternalApi()
  @Idempotent()
  @RequirePermission('parcels.create')
  touch(): void {
    runs.create++;
  }

  @Get('ping')
  @ExternalApi()
  @RequirePermission('parcels.read')
  ping(): { ok: true } {
    runs.ping++;
    return { ok: true };
  }

  /** An external POST without @Idempotent: the header means nothing to it. */
  @Post('plain')
  @HttpCode(200)
  @ExternalApi()
  @RequirePermission('parcels.read')
  plain(): { run: number } {
    return { run: ++runs.plain };
  }
}

@Module({ controllers: [TestExternalController] })
export class TestExternalApiModule {}
