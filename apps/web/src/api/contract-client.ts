import { contract } from '@depot/contracts';
import type { AnyContractProcedure } from '@orpc/contract';
import { call, type ContractClient, type PanelClient } from './call';

export * from './call';

interface Input {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

function clientOf<R>(router: R): ContractClient<R> {
  const isEntry = (value: unknown): value is AnyContractProcedure =>
    typeof value === 'object' && value !== null && '~orpc' in value;
  if (isEntry(router)) {
    return ((input?: Input) => call(router, input as never)) as unknown as ContractClient<R>;
  }
  return Object.fromEntries(
    Object.entries(router as Record<string, unknown>).map(([key, value]) => [key, clientOf(value)]),
  ) as ContractClient<R>;
}

/**
 * The panel's API: one typed function per route, made from the contract (decision 0108). `client.apiKeys.list({
 * body })` sends what the contract declares and returns what it replies, checked.
 */
export const client: PanelClient = clientOf(contract);
