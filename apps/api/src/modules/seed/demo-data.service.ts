import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../secrets/secret-box';
import { DEMO_GROUPS, DEMO_LINKED, DEMO_MASTER, DEMO_OTHERS, DEMO_SHOP } from './demo-clients';
import { demoStatusMapRows } from './demo-carrier-codes';
import { DEMO_MATRICES, DEMO_OPERATORS } from './demo-routing';
import { DEMO_SECTORS } from './demo-sectors';
import { DemoRepository } from './demo.repository';

/**
 * The administration demo data loaded with the demo users (README "Demo data"): clients with their flags and a
 * master account with linked accounts, client groups of both types, carriers of several types with configuration
 * (secrets encrypted like any saved operator), a default routing matrix covering the supported countries, and the
 * warehouse's sectors for those carriers (decision 0124), and the status map holding the published code lists of
 * those carriers' types (decision 0144; what demo parcels saw of them is counted when they are loaded).
 */
@Injectable()
export class DemoDataService {
  constructor(
    private readonly repo: DemoRepository,
    private readonly box: SecretBox,
  ) {}

  /** Loads everything; returns the demo shop's id (the demo client user belongs to it). */
  async load(): Promise<string> {
    const ids = await this.repo.insertClients([DEMO_SHOP, DEMO_MASTER, ...DEMO_OTHERS]);
    const masterId = ids.get(DEMO_MASTER.shortName ?? '');
    const linked = await this.repo.insertClients(DEMO_LINKED.map((c) => ({ ...c, masterId })));
    const all = new Map([...ids, ...linked]);
    for (const g of DEMO_GROUPS) {
      await this.repo.insertGroup(
        g.name,
        g.type,
        g.members.map((m) => all.get(m)!),
      );
    }
    const operatorIds = new Map<string, string>();
    for (const o of DEMO_OPERATORS) {
      const id = await this.repo.insertOperator(
        {
          name: o.name,
          type: o.type,
          description: o.description,
          active: o.active,
          exchangeRateEur: o.exchangeRateEur,
          maxWeightKg: o.maxWeightKg,
          config: o.config,
          secretConfig: Object.keys(o.secrets).length > 0 ? this.box.encryptJson(o.secrets) : null,
        },
        o.services,
      );
      operatorIds.set(o.name, id);
    }
    for (const m of DEMO_MATRICES) {
      await this.repo.insertMatrix(
        m.name,
        m.isDefault,
        m.conditions.map(({ operator, ...c }) => ({ ...c, operatorId: operatorIds.get(operator)! })),
      );
    }
    for (const s of DEMO_SECTORS) {
      await this.repo.insertSector(
        s.sectorCountry,
        s.sectorDescription,
        s.operators.map((o) => operatorIds.get(o)!),
      );
    }
    await this.repo.insertStatusMap(demoStatusMapRows(DEMO_OPERATORS.map((o) => o.type)));
    return ids.get(DEMO_SHOP.shortName ?? '')!;
  }
}
