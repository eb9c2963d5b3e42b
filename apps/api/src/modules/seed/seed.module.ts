import { Module } from '@nestjs/common';
import { DemoDataService } from './demo-data.service';
import { DemoRepository } from './demo.repository';
import { SeedRepository } from './seed.repository';
import { SeedService } from './seed.service';

@Module({ providers: [SeedRepository, SeedService, DemoRepository, DemoDataService], exports: [SeedService] })
export class SeedModule {}
