import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  PARCEL_SELECTION_MAX_IDS,
  type ParcelSelectionBody,
  type ParcelSelectionIdsReply,
  type Principal,
} from '@depot/contracts';
import { Errors } from '../../../common/errors';
import { ParcelListRepository } from './parcel-list.repository';
import { scopeOf } from '../parcels.service';

/**
 * A list selection as parcel ids (decision 0071): select-all is every parcel the list's filters match minus the
 * exceptions, picked ids are taken as picked; both within the caller's client for a client user, in the list's
 * order. More than `PARCEL_SELECTION_MAX_IDS` is refused rather than cut, so nobody prints part of what they chose.
 */
@Injectable()
export class ParcelSelectionService {
  constructor(private readonly lists: ParcelListRepository) {}

  async ids(principal: Principal, body: ParcelSelectionBody): Promise<ParcelSelectionIdsReply> {
    const ids = await this.lists.selectionIdsInOrder(scopeOf(principal), body, PARCEL_SELECTION_MAX_IDS + 1);
    if (ids.length > PARCEL_SELECTION_MAX_IDS) throw Errors.badRequest(MESSAGES.parcelSelectionTooLarge);
    return { ids };
  }
}
