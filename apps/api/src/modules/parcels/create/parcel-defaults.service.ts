import { Injectable } from '@nestjs/common';
import type { NewParcelDefaults, Principal } from '@depot/contracts';
import { numberingProblem, ordersBlocked } from '@depot/domain';
import { resolveOwnerClient } from '../../../common/owner-client';
import { ParcelsRepository } from '../parcels.repository';

/**
 * What the panel's parcel form starts from (decision 0075): the client's standard parcel, pickup address and default
 * recipient phone and e-mail, and whether the client (or the signed-in user) may order at all. Read-only, so nothing
 * is audited. A client user reads its own client only; staff name the client.
 */
@Injectable()
export class ParcelDefaultsService {
  constructor(private readonly repo: ParcelsRepository) {}

  async of(principal: Principal, givenClientId: string | undefined): Promise<NewParcelDefaults> {
    const clientId = await resolveOwnerClient(principal, givenClientId, (id) => this.repo.clientExists(id));
    const client = (await this.repo.clientFacts(clientId))!;
    const userBlocked =
      principal.kind === 'session' ? await this.repo.userBlocksOrders(principal.userId) : false;
    return {
      clientId,
      ordersBlocked: ordersBlocked(client, { disableNewOrders: userBlocked }),
      numberingProblem: numberingProblem(client.uniquePrefix),
      parcelSettings: client.parcelSettings,
      pickupAddress: client.defaultAddress,
      defaultPhoneShipping: client.defaultPhoneShipping,
      defaultEmailShipping: client.defaultEmailShipping,
    };
  }
}
