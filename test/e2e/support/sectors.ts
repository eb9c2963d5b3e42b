import { expect, type APIRequestContext } from '@playwright/test';
import type { SectorView } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './api';

const BASE = '/api/operatingModule/administration/sector';

/** Sectors through the REST API (SPEC 7 paths), as the demo admin. */
export class SectorsApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly api: DepotApi,
  ) {}

  private async headers() {
    return { Authorization: `Bearer ${await this.api.admin()}` };
  }

  /** Creates a sector with a unique description (or the one given); fails the test unless it is created. */
  async create(
    sectorCountry = 'DE',
    sectorDescription = `E2E Sector ${uniqueTag('s')}`,
  ): Promise<SectorView> {
    const res = await this.request.post(`${BASE}/create`, {
      headers: await this.headers(),
      data: { sectorCountry, sectorDescription },
    });
    expect(res.status(), `create sector → ${await res.text()}`).toBe(201);
    return (await res.json()) as SectorView;
  }

  /** Maps a carrier; fails the test unless it is mapped. */
  async map(sectorId: string, operatorId: string): Promise<SectorView> {
    const res = await this.request.post(`${BASE}/mapSectorOperator`, {
      headers: await this.headers(),
      data: { sectorId, operatorId },
    });
    expect(res.status(), `map carrier → ${await res.text()}`).toBe(200);
    return (await res.json()) as SectorView;
  }
}
