import { apiKeyRoutes } from './api-keys/routes';

/**
 * Every route of the API, declared once (decision 0108): the API binds its handlers to these entries (validation,
 * permission, OpenAPI), and the panel's client is made from this object. A new feature adds its routes here.
 */
export const contract = {
  apiKeys: apiKeyRoutes,
};
export type Contract = typeof contract;
