import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateMatrixRequest, MatrixView, OperatorView } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './api';

/** Operators and routing matrices through the REST API, as the demo admin. */
export class MatricesApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly api: DepotApi,
  ) {}

  private async headers() {
    return { Authorization: `Bearer ${await this.api.admin()}` };
  }

  /** An active GLS operator with a unique name (POST /api/operator/create). */
  async createOperator(name = `E2E Carrier ${uniqueTag('op')}`): Promise<OperatorView> {
    const res = await this.request.post('/api/operator/create', {
      headers: await this.headers(),
      data: {
        operatorName: name,
        operatorType: 'GLS',
        config: { login: 'e2e', password: 'e2e-secret', environment: 'sandbox', labelFormat: 'PDF' },
      },
    });
    expect(res.status(), `create operator → ${await res.text()}`).toBe(201);
    return (await res.json()) as OperatorView;
  }

  async createMatrix(body: CreateMatrixRequest): Promise<MatrixView> {
    const res = await this.request.post('/api/matrix/create', { headers: await this.headers(), data: body });
    expect(res.status(), `create matrix → ${await res.text()}`).toBe(201);
    return (await res.json()) as MatrixView;
  }
}
