import { Injectable } from '@nestjs/common';
import { DEFAULT_TERMINAL } from '@depot/contracts';
import type { ParcelAddress } from '../../db/schema';
import { DemoParcelsRepository } from './demo-parcels.repository';
import { buildDemoParcels, DEMO_PARCEL_COUNT, DEMO_PARCEL_SEED, type DemoParcelClient } from './demo-parcels';

/**
 * Demo parcels (decision 0090): a few thousand parcels of the active demo clients, routed by the demo matrices,
 * in every status with their histories (their scans recorded as scans at the demo terminals, their carrier changes
 * standing on their carriers' codes and counted into the status map), numbered like real parcels, inserted in
 * batches. Loaded after the demo users (form orders name their client's user, scans the warehouse user) inside the
 * seeding transaction.
 */
/** The demo warehouse's terminals: SPEC's default first. */
export const DEMO_TERMINALS = [DEFAULT_TERMINAL, 'Poznań'] as const;

@Injectable()
export class DemoParcelsService {
  constructor(private readonly repo: DemoParcelsRepository) {}

  /** Returns how many parcels were made (returns included). */
  async load(now = new Date(), count = DEMO_PARCEL_COUNT): Promise<number> {
    const clientRows = await this.repo.activeClients();
    const users = await this.repo.users();
    const operators = await this.repo.operators();
    const matrices = await this.repo.matrices();
    const userOf = (role: string) => users.find((u) => u.role === role)?.id ?? null;
    const clients: DemoParcelClient[] = clientRows.map((c) => ({
      id: c.id,
      shortName: c.shortName ?? c.companyName,
      prefix: c.prefix!,
      pickupAddress: c.defaultAddress ?? ownAddress(c),
      firstMile: c.firstMile,
      autoReturnPackages: c.autoReturnPackages,
      domesticMatrixTitle: c.domesticMatrixTitle,
      returnMatrixTitle: c.returnMatrixTitle,
      userIds: users.filter((u) => u.clientId === c.id).map((u) => u.id),
    }));
    if (clients.length === 0) return 0;
    const built = buildDemoParcels({
      clients,
      matrices,
      operators,
      staff: { adminId: userOf('admin') ?? userOf('superAdmin'), warehouseId: userOf('magazyn') },
      now,
      count,
      seed: DEMO_PARCEL_SEED,
    });
    await this.repo.insert(built.parcels, built.history, built.counters);
    await this.repo.recordSeenCodes(built.seenCodes);
    await this.repo.insertScansFromHistory(DEMO_TERMINALS);
    return built.parcels.length;
  }
}

/** A client without a standard pickup address ships from its own address, under its name. */
function ownAddress(c: {
  clientName: string | null;
  companyName: string;
  phone: string | null;
  email: string | null;
  country: string | null;
  city: string | null;
  street: string | null;
  zipCode: string | null;
  building: string | null;
}): ParcelAddress {
  return {
    name: c.clientName ?? c.companyName,
    street: c.street ?? '',
    building: c.building ?? '',
    city: c.city ?? '',
    zipCode: c.zipCode ?? '',
    country: c.country ?? 'PL',
    phone: c.phone,
    email: c.email,
  };
}
