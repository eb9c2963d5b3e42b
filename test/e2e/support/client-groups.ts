import { expect, type APIRequestContext } from '@playwright/test';
import type { ClientGroupSaveReply, ClientGroupType } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './api';

/** Client groups through the REST API (SPEC 7 paths), as the demo admin unless a token is given. */
export class GroupsApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly api: DepotApi,
  ) {}

  private async headers(token?: string) {
    return { Authorization: `Bearer ${token ?? (await this.api.admin())}` };
  }

  /** Creates a group with a unique name (or the one given); fails the test unless it is created. */
  async create(
    type: ClientGroupType,
    clients: string[] = [],
    name = `E2E Group ${uniqueTag('g')}`,
    token?: string,
  ) {
    const res = await this.request.post('/api/clientGroup/create/group', {
      headers: await this.headers(token),
      data: { name, type, clients },
    });
    expect(res.status(), `create group → ${await res.text()}`).toBe(201);
    return ((await res.json()) as ClientGroupSaveReply).group;
  }

  /** PUT /api/clientGroup/update/group/{id}: the raw reply (tests check refusals too). */
  async update(id: string, body: Record<string, unknown>, token?: string) {
    return this.request.put(`/api/clientGroup/update/group/${id}`, {
      headers: await this.headers(token),
      data: body,
    });
  }

  /** POST create with any body: the raw reply. */
  async tryCreate(body: Record<string, unknown>) {
    return this.request.post('/api/clientGroup/create/group', { headers: await this.headers(), data: body });
  }
}
