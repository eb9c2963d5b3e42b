import { Module } from '@nestjs/common';
import { ViesClient } from './vies.client';

/** The VIES adapter (EU VAT number checks), for the modules that check VAT IDs. */
@Module({ providers: [ViesClient], exports: [ViesClient] })
export class ViesModule {}
