import type { APIRequestContext } from '@playwright/test';
import type { ClientView, OperatorView, SectorView } from '@depot/contracts';
import type { DepotApi } from './api';
import { createClient } from './clients';
import { MatricesApi } from './matrices';
import { SectorsApi } from './sectors';

/** A Polish address: a parcel from the demo pickup address to it is domestic (the client's domestic matrix). */
export const DOMESTIC = {
  destinationAddress: {
    name: 'Jan Kowalski',
    street: 'Długa',
    building: '2',
    city: 'Gdańsk',
    zipCode: '80-001',
    country: 'PL',
    phone: '+48 600 100 300',
    email: 'jk@example.pl',
  },
};

export interface ScanFloor {
  /** Its domestic parcels go by a carrier of `sector`. */
  sorted: ClientView;
  /** Its domestic parcels go by a carrier in no sector ("Brak sektora"). */
  unsorted: ClientView;
  sector: SectorView;
  carrier: OperatorView;
}

/**
 * A warehouse floor of the test's own, whatever other tests do to the default matrix: two carriers, one in a Polish
 * sector of its own and one in none, and a client routed (domestic matrix) to each.
 */
export async function scanFloor(request: APIRequestContext, api: DepotApi, tag: string): Promise<ScanFloor> {
  const routing = new MatricesApi(request, api);
  const sectors = new SectorsApi(request, api);
  const [carrier, stray] = [await routing.createOperator(), await routing.createOperator()];
  const sector = await sectors.create('PL', `E2E Rampa ${tag}`);
  await sectors.map(sector.id, carrier.id);
  const clientFor = async (op: OperatorView, name: string) => {
    const matrix = await routing.createMatrix({
      name: `${tag} ${name}`,
      conditions: [{ pickupCountry: null, destinationCountry: null, maxWeightKg: 100, operatorId: op.id }],
    });
    return createClient(request, api, { domesticMatrixTitle: matrix.name });
  };
  return {
    sorted: await clientFor(carrier, 'sorted'),
    unsorted: await clientFor(stray, 'unsorted'),
    sector,
    carrier,
  };
}
