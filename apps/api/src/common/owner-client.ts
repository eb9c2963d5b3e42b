import { MESSAGES, type Principal } from '@depot/contracts';
import { Errors } from './errors';

/**
 * The client a new row belongs to (API keys, integrations): a client user's own client, whatever it sends (naming
 * another client reads as a missing client, 404); staff name an existing client (else a field error on `clientId`).
 */
export async function resolveOwnerClient(
  principal: Principal,
  given: string | undefined,
  clientExists: (id: string) => Promise<boolean>,
): Promise<string> {
  if (principal.clientId) {
    if (given && given !== principal.clientId) throw Errors.notFound(MESSAGES.clientNotFound);
    return principal.clientId;
  }
  const field = (message: string) => Errors.validation(message, [{ path: 'clientId', message }]);
  if (!given) throw field(MESSAGES.validation.clientRequired);
  if (!(await clientExists(given))) throw field(MESSAGES.clientNotFound);
  return given;
}
