import type { OperatorType, ParcelStatus } from '@depot/contracts';

/**
 * The carriers' published status codes (decision 0144), as data: each code with the carrier's words for it, the
 * internal status a broker's staff read it as, and whether it ends the carrier's tracking. The demo data loads
 * these into the status map (apps/api/src/modules/seed); a person can change any mapping there. `dbName` null is a
 * code whose meaning no source gives (or that says nothing about where the parcel is): it stays "not mapped".
 *
 * Mapping rules: created/confirmed → new; collected, taken by a courier → pickup; at a depot, branch or sorting
 * centre → parcelCenter; sent, in transit, redirected → inTransport; out for delivery → inDelivery; waiting at a
 * pickup point → inPudo; a failed delivery attempt or avizo → firstAttempt; delivered → delivered; returned →
 * return; cancelled → canceled; refusals, wrong addresses, losses and other exceptions → problem; notices that do
 * not move the parcel → info. `toCancel` is never a carrier's code (only a cancellation puts a parcel there).
 */
export interface CarrierStatusCode {
  /** The carrier's code, as its tracking sends it (status_map.code, 1–100 characters). */
  code: string;
  /** The carrier's words for it, in English (status_map.description, 1–500 characters). */
  description: string;
  dbName: ParcelStatus | null;
  /** The carrier says no more after this code: tracking stops. */
  isTerminal: boolean;
}

const code = (
  c: string,
  description: string,
  dbName: ParcelStatus | null,
  isTerminal = false,
): CarrierStatusCode => ({ code: c, description, dbName, isTerminal });

/**
 * InPost ShipX: the whole status dictionary `GET https://api-shipx-pl.easypack24.net/v1/statuses`, in its order, as
 * InPost's own Magento module lists it (github.com/InPost-Magento/smartmage_inpost, Model/Config/Source/Status.php,
 * STATUS_LABEL). InPost titles its statuses in Polish; the descriptions are those titles in English. `other`
 * ("Inny status") says nothing of the parcel and stays unmapped.
 */
const INPOST: readonly CarrierStatusCode[] = [
  code('created', 'Shipment created', 'new'),
  code('offers_prepared', 'Offers prepared', 'new'),
  code('offer_selected', 'Offer selected', 'new'),
  code('confirmed', 'Prepared by the sender', 'new'),
  code('dispatched_by_sender', 'Posted in a parcel locker', 'pickup'),
  code('collected_from_sender', 'Collected from the customer', 'pickup'),
  code('taken_by_courier', 'Collected from the sender', 'pickup'),
  code('adopted_at_source_branch', 'Accepted at an InPost branch', 'parcelCenter'),
  code('sent_from_source_branch', 'In transit', 'inTransport'),
  code('ready_to_pickup_from_pok', 'Waiting for collection at a PaczkoPunkt', 'inPudo'),
  code('ready_to_pickup_from_pok_registered', 'Waiting for collection at a PaczkoPunkt', 'inPudo'),
  code('oversized', 'Oversized parcel', 'problem'),
  code('adopted_at_sorting_center', 'Accepted at the sorting centre', 'parcelCenter'),
  code('sent_from_sorting_center', 'Sent from the sorting centre', 'inTransport'),
  code('adopted_at_target_branch', 'Accepted at the destination branch', 'parcelCenter'),
  code('out_for_delivery', 'Handed over for delivery', 'inDelivery'),
  code('ready_to_pickup', 'Placed in the destination parcel locker', 'inPudo'),
  code('pickup_reminder_sent', 'Reminder of a waiting parcel', 'inPudo'),
  code('delivered', 'Delivered', 'delivered', true),
  code('pickup_time_expired', 'Pickup time expired', 'problem'),
  code('avizo', 'Returned to the branch (avizo)', 'firstAttempt'),
  code('claimed', 'Complaint filed at the parcel locker', 'problem'),
  code('returned_to_sender', 'Returned to sender', 'return', true),
  code('canceled', 'Label cancelled', 'canceled', true),
  code('other', 'Other status', null),
  code('dispatched_by_sender_to_pok', 'Posted at a PaczkoPunkt', 'pickup'),
  code('out_for_delivery_to_address', 'Out for delivery', 'inDelivery'),
  code('pickup_reminder_sent_address', 'Out for delivery (reminder sent)', 'inDelivery'),
  code('rejected_by_receiver', 'Refused by the recipient', 'problem'),
  code('undelivered_wrong_address', 'Delivery not possible: wrong address', 'problem'),
  code('undelivered_incomplete_address', 'Delivery not possible: incomplete address', 'problem'),
  code('undelivered_unknown_receiver', 'Delivery not possible: recipient unknown', 'problem'),
  code('undelivered_cod_cash_receiver', 'Delivery not possible: recipient cannot pay COD in cash', 'problem'),
  code('taken_by_courier_from_pok', 'On the way to the InPost sending branch', 'pickup'),
  code('undelivered', 'Passed to the warehouse of undeliverable parcels', 'problem'),
  code('return_pickup_confirmation_to_sender', 'Return documents prepared', 'return'),
  code('ready_to_pickup_from_branch', 'Not collected, waiting at the branch', 'inPudo'),
  code('delay_in_delivery', 'Possible delivery delay', 'info'),
  code('redirect_to_box', 'Redirected to a parcel locker', 'inTransport'),
  code('canceled_redirect_to_box', 'Redirection cancelled', 'info'),
  code('readdressed', 'Redirected to another address', 'inTransport'),
  code('undelivered_no_mailbox', 'Delivery not possible: no mailbox', 'problem'),
  code('undelivered_not_live_address', 'Delivery not possible: nobody lives at the address', 'problem'),
  code(
    'undelivered_lack_of_access_letterbox',
    'Delivery not possible: no access to the letterbox',
    'problem',
  ),
  code('missing', 'Missing', 'problem'),
  code('stack_in_customer_service_point', 'Stored at a PaczkoPunkt', 'inPudo'),
  code('stack_parcel_pickup_time_expired', 'Pickup time of the stored parcel expired', 'problem'),
  code('unstack_from_customer_service_point', 'On the way to the chosen parcel locker', 'inTransport'),
  code('courier_avizo_in_customer_service_point', 'Awaiting collection after the courier’s avizo', 'inPudo'),
  code('taken_by_courier_from_customer_service_point', 'Returned to sender from a PaczkoPunkt', 'return'),
  code('stack_in_box_machine', 'Stored in a temporary parcel locker', 'inPudo'),
  code('unstack_from_box_machine', 'On the way to the originally chosen parcel locker', 'inTransport'),
  code(
    'stack_parcel_in_box_machine_pickup_time_expired',
    'Pickup time of the parcel stored in a locker expired',
    'problem',
  ),
];

/**
 * UPS, partial: UPS publishes its two-character activity codes only behind its developer portal ("Status Codes"
 * document), so this list holds what public sources show. Status types (a package activity's `status.type`): D, I,
 * M, MV, U, X as UPS's Track Alert OpenAPI names them (github.com/UPS-API/api-documentation, UPSTrackAlert.yaml,
 * activityStatus.type), P (pickup) from UPS's Tracking XML Developer Guide's status types. Activity codes
 * (`status.code`): OR, PU, DP, AR, RS as karrio maps them (karrioapi/karrio modules/connectors/ups/karrio/providers/
 * ups/units.py, TrackingStatus), OT and KB as a UPS reply shows them (stores-com/bloodhound pull request 22:
 * `{ Type: 'I', Description: 'Out For Delivery Today', Code: 'OT' }`, `{ Type: 'D', Description: 'Delivered', Code:
 * 'KB' }`), SR as UPS's Tracking OpenAPI example (Tracking.yaml, Status). UPS reuses an activity code under
 * different types, so a code here means what it means most often.
 */
const UPS: readonly CarrierStatusCode[] = [
  code('M', 'Manifest: shipment information received', 'new'),
  code('MV', 'Manifest void', 'canceled', true),
  code('P', 'Pickup', 'pickup'),
  code('I', 'On the way (in transit)', 'inTransport'),
  code('U', 'Updated delivery date or time', 'info'),
  code('X', 'Package exception', 'problem'),
  code('D', 'Delivered', 'delivered', true),
  code('OR', 'Origin scan', 'pickup'),
  code('PU', 'Pickup scan', 'pickup'),
  code('AR', 'Arrival scan', 'parcelCenter'),
  code('DP', 'Departure scan', 'inTransport'),
  code('OT', 'Out for delivery today', 'inDelivery'),
  code('KB', 'Delivered', 'delivered', true),
  code('RS', 'Returned to sender', 'return', true),
  code('SR', 'Your package was released by the customs agency', 'info'),
];

/**
 * GLS Track And Trace, complete: the parcel `status` enum of GLS's OpenAPI document (ecitrackandtrace.yaml 1.0.7,
 * ParcelDTO.status, kept in karrioapi/karrio modules/connectors/gls/vendor/; karrio's gls units.py TrackingStatus
 * maps the same twelve). FINAL closes the history without saying how the parcel ended (delivered or returned): it
 * ends tracking and is left unmapped, so the status the parcel reached stays.
 */
const GLS: readonly CarrierStatusCode[] = [
  code('PLANNEDPICKUP', 'Parcel is planned to be picked up', 'new'),
  code('INPICKUP', 'Parcel will be picked up by a driver', 'pickup'),
  code('NOTPICKEDUP', 'Parcel was not picked up', 'problem'),
  code('PREADVICE', 'GLS has received the parcel data but not the physical parcel', 'new'),
  code('INTRANSIT', 'Parcel is on its way to the final depot', 'inTransport'),
  code('INDELIVERY', 'Parcel is in delivery by a driver', 'inDelivery'),
  code('DELIVEREDPS', 'Parcel delivered to a parcel shop', 'inPudo'),
  code('DELIVERED', 'Parcel was delivered', 'delivered', true),
  code('INWAREHOUSE', 'Parcel is in warehouse', 'parcelCenter'),
  code('NOTDELIVERED', 'Parcel was not delivered', 'firstAttempt'),
  code('CANCELED', 'Parcel was cancelled', 'canceled', true),
  code('FINAL', 'Parcel history closed', null, true),
];

/**
 * DPD Polska DPDInfoServices event `businessCode`s, partial: DPD Polska publishes its business code table only to
 * its customers; this is the list of dbojdo/dpd-client (src/DPDInfoServices/CustomerEvents/BusinessCodes.php, the
 * descriptions its constants' names), in its order, each code once. 330438 and 400133 are listed there without a
 * meaning and stay unmapped.
 */
const DPD: readonly CarrierStatusCode[] = [
  code('030103', 'Parcel registered, not dispatched', 'new'),
  code('040101', 'Parcel collected by courier', 'pickup'),
  code('040102', 'Parcel collected by courier', 'pickup'),
  code('050101', 'Parcel received by hub (H)', 'parcelCenter'),
  code('050102', 'Parcel received by hub (H)', 'parcelCenter'),
  code('110302', 'Parcel repackaged', 'info'),
  code('120100', 'Parcel received by DPD depot', 'parcelCenter'),
  code('120101', 'Parcel received by DPD depot', 'parcelCenter'),
  code('120102', 'Parcel received by DPD depot', 'parcelCenter'),
  code('120103', 'Parcel received by DPD depot', 'parcelCenter'),
  code('120104', 'Parcel received by DPD depot', 'parcelCenter'),
  code('150301', 'Parcel repackaged', 'info'),
  code('160101', 'Parcel received by DPD depot', 'parcelCenter'),
  code('160102', 'Sorting error', 'problem'),
  code('160103', 'Parcel received by DPD depot', 'parcelCenter'),
  code('160202', 'Sorting error', 'problem'),
  code('160501', 'Parcel received by DPD depot', 'parcelCenter'),
  code('160502', 'Parcel received by DPD depot', 'parcelCenter'),
  code('160503', 'Parcel received by DPD depot', 'parcelCenter'),
  code('170101', 'Parcel dispatched to be delivered', 'inDelivery'),
  code('170102', 'Parcel dispatched to be delivered', 'inDelivery'),
  code('170205', 'Sorting error', 'problem'),
  code('170302', 'Parcel repackaged', 'info'),
  code('170310', 'E-mail notification sent', 'info'),
  code('190101', 'Parcel delivered', 'delivered', true),
  code('190102', 'Parcel delivered, return parcel collected', 'delivered', true),
  code('190103', 'Parcel delivered', 'delivered', true),
  code('190104', 'Parcel delivered, COD collected', 'delivered', true),
  code('190105', 'Parcel delivered', 'delivered', true),
  code('190201', 'Parcel delivered, COD collected', 'delivered', true),
  code('190202', 'Parcel delivered', 'delivered', true),
  code('190203', 'Parcel delivered', 'delivered', true),
  code('190204', 'Parcel delivered', 'delivered', true),
  code('190205', 'Parcel delivered', 'delivered', true),
  code('200201', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200202', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200203', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200204', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200205', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200206', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('200300', 'Parcel not delivered: wrong address', 'problem'),
  code('200400', 'Parcel not delivered: refusal', 'problem'),
  code('200401', 'Parcel not delivered: no COD payment', 'problem'),
  code('200402', 'Parcel not delivered: recipient resigned', 'problem'),
  code('200403', 'Parcel not delivered: recipient resigned by phone', 'problem'),
  code('200404', 'Parcel not delivered: unordered goods', 'problem'),
  code('200405', 'Parcel not delivered: refusal to pay COD, wrong payment mode', 'problem'),
  code('200406', 'Parcel not delivered: refusal to pay COD, wrong COD amount', 'problem'),
  code('200408', 'Parcel not delivered: refusal, no EXW payment', 'problem'),
  code('200409', 'Parcel not delivered: refusal, wrong EXW payment mode', 'problem'),
  code('200410', 'Parcel not delivered: refusal, wrong EXW amount', 'problem'),
  code('200411', 'Parcel not delivered: refusal', 'problem'),
  code('200412', 'Parcel not delivered: refusal, no return documents with the parcel', 'problem'),
  code('200413', 'Parcel not delivered: refusal, return documents do not reflect the contents', 'problem'),
  code('200414', 'Parcel not delivered: refusal, parcel damaged', 'problem'),
  code('200415', 'Parcel not delivered: refusal, parcel incomplete', 'problem'),
  code('200416', 'Parcel not delivered: refusal', 'problem'),
  code('200500', 'Parcel not delivered: negative verification of recipient', 'problem'),
  code('200601', 'Later delivery date agreed', 'info'),
  code('200602', 'To be collected personally', 'inPudo'),
  code('200700', 'Parcel not delivered: signed refusal', 'problem'),
  code('200701', 'Parcel not delivered: no COD payment', 'problem'),
  code('220101', 'Parcel received by courier on hub', 'inTransport'),
  code('200801', 'Undelivered: access not possible', 'firstAttempt'),
  code('230101', 'Parcel stored at depot', 'parcelCenter'),
  code('230207', 'Sorting error', 'problem'),
  code('230208', 'Sorting error', 'problem'),
  code('230209', 'Sorting error', 'problem'),
  code('230210', 'Sorting error', 'problem'),
  code('230309', 'Parcel missing from the delivery depot', 'problem'),
  code('230402', 'Parcel readdressed according to instructions', 'inTransport'),
  code('230403', 'Parcel return', 'return'),
  code('250301', 'Parcel weight changed', 'info'),
  code('260403', 'Sorting error', 'problem'),
  code('330137', 'Parcel received by depot', 'parcelCenter'),
  code('320201', 'Parcel stored at depot', 'parcelCenter'),
  code('320202', 'Parcel repackaged', 'info'),
  code('330135', 'Parcel received by DPD depot', 'parcelCenter'),
  code('330438', 'Business code 330438 (no published meaning)', null),
  code('240304', 'Return documents sent to sender', 'info'),
  code('400133', 'Business code 400133 (no published meaning)', null),
  code('410135', 'Parcel delivered', 'delivered', true),
  code('200306', 'Parcel not delivered: the company changed its registered office', 'problem'),
  code('230310', 'Parcel liquidation', 'problem'),
  code('500011', 'Parcel not delivered: wrong address', 'problem'),
  code('500015', 'Parcel not delivered: refusal', 'problem'),
  code('500019', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500037', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500042', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500046', 'Parcel not delivered: no COD payment', 'problem'),
  code('500085', 'Parcel not delivered: refusal to pay COD, wrong COD amount', 'problem'),
  code('500411', 'Parcel not delivered: wrong address', 'problem'),
  code('500414', 'Parcel not delivered: article not ordered', 'problem'),
  code('500415', 'Parcel not delivered: refusal', 'problem'),
  code('500419', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500437', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500442', 'Parcel not delivered: recipient not available', 'firstAttempt'),
  code('500446', 'Parcel not delivered: no COD payment', 'problem'),
  code('500485', 'Parcel not delivered: refusal to pay COD, wrong COD amount', 'problem'),
  code('500610', 'Parcel return', 'return'),
  code('500611', 'Parcel return', 'return'),
  code('500612', 'Parcel return', 'return'),
  code('500614', 'Parcel return', 'return'),
  code('500615', 'Parcel return', 'return'),
  code('500616', 'Parcel return', 'return'),
  code('500617', 'Parcel return', 'return'),
  code('500624', 'Parcel return', 'return'),
  code('500629', 'Parcel return', 'return'),
  code('500630', 'Parcel return', 'return'),
  code('500633', 'Parcel return', 'return'),
  code('500635', 'Parcel return', 'return'),
  code('500637', 'Parcel return', 'return'),
  code('500639', 'Parcel return', 'return'),
  code('500642', 'Parcel return', 'return'),
  code('500649', 'Parcel return', 'return'),
  code('500661', 'Parcel return', 'return'),
  code('500684', 'Parcel return', 'return'),
  code('500685', 'Parcel return', 'return'),
  code('500811', 'Parcel not delivered: wrong address', 'problem'),
  code('500885', 'Parcel not delivered: refusal to pay COD, wrong COD amount', 'problem'),
  code('501300', 'Delivered abroad', 'delivered', true),
  code('501304', 'Parcel delivered abroad', 'delivered', true),
  code('501340', 'Delivered indirectly abroad', 'delivered', true),
];

/**
 * Packeta packet statuses, by the `codeText` its packetStatus answers with (the numeric `statusCode` beside it is not
 * used as the code): the list of Packeta's own Magento 2 module (github.com/Zasilkovna/magento2,
 * Packetery/Checkout/Model/Packet/PacketStatus.php and PacketStatusProvider.php, with its English names and which
 * are final). Status codes 17 and 18 share the codeText "rejected by recipient". Packeta calls "unknown" final; here
 * it does not end tracking, so a parcel whose status Packeta did not know yet is still asked about.
 */
const PACKETA: readonly CarrierStatusCode[] = [
  code('received data', 'Awaiting consignment', 'new'),
  code('arrived', 'Accepted at depot', 'parcelCenter'),
  code('prepared for departure', 'On the way', 'inTransport'),
  code('departed', 'Departed from depot', 'inTransport'),
  code('ready for pickup', 'Ready for pick-up', 'inPudo'),
  code('handed to carrier', 'Handed over to carrier company', 'inTransport'),
  code('delivered', 'Delivered', 'delivered', true),
  code('posted back', 'Returning (on the way back)', 'return'),
  code('returned', 'Returned to sender', 'return', true),
  code('cancelled', 'Cancelled', 'canceled', true),
  code('collected', 'Parcel has been collected', 'pickup'),
  code('customs', 'Customs declaration process', 'info'),
  code('reverse packet arrived', 'Reverse parcel has been accepted at our pick up point', 'pickup'),
  code('delivery attempt', 'Unsuccessful delivery attempt of parcel', 'firstAttempt'),
  code('rejected by recipient', 'Rejected by recipient response', 'problem'),
  code('return from hd no branch nearby', 'Returning — no nearby pick-up point', 'return'),
  code('storage time expired', 'Storage time expired', 'problem'),
  code('packet cancelled but consigned', 'Cancelled but consigned (will be returned)', 'return'),
  code('return overlimit', 'Returning — over limit', 'return'),
  code('zbox delivery attempt', 'Z-BOX delivery attempt', 'firstAttempt'),
  code('zbox last delivery attempt', 'Z-BOX last delivery attempt', 'firstAttempt'),
  code('carrier first delivery attempt', 'Carrier first delivery attempt', 'firstAttempt'),
  code('packet under investigation', 'Under investigation', 'problem'),
  code('packet investigation resolved', 'Investigation resolved', 'info'),
  code('favourite point redirect', 'Redirected to favourite point', 'inTransport'),
  code('no favourite point available redirect', 'Redirected — favourite points full', 'inTransport'),
  code('no favourite point set redirect', 'Redirected — no favourite point set', 'inTransport'),
  code('courier tracking code added', 'Courier tracking code added', 'info'),
  code('unknown', 'Unknown parcel status', 'unknown'),
];

/**
 * Landmark Global Track API `EventCode`s, complete: "Possible tracking status codes" of Landmark's Track API
 * documentation (kept in karrioapi/karrio modules/connectors/landmark/vendor/docs-metadata.txt and Track API
 * Request.pdf; karrio's landmark units.py TrackingStatus maps them), with Landmark's words.
 */
const LANDMARK: readonly CarrierStatusCode[] = [
  code('50', 'Shipment Data Uploaded', 'new'),
  code('60', 'Shipment inventory allocated', 'new'),
  code('75', 'Shipment Processed', 'new'),
  code('80', 'Shipment Fulfilled', 'new'),
  code('90', 'Shipment held for payment', 'problem'),
  code('100', 'Shipment information transmitted to carrier', 'new'),
  code('125', 'Customs Cleared', 'inTransport'),
  code('135', 'Customs Issue', 'problem'),
  code('150', 'Crossing Border', 'inTransport'),
  code('155', 'Crossing Received', 'inTransport'),
  code('200', 'Item scanned at postal facility', 'parcelCenter'),
  code('225', 'Item grouped at Landmark or partner facility', 'parcelCenter'),
  code('250', 'Item scanned for crossing', 'inTransport'),
  code('275', 'Item in transit with carrier', 'inTransport'),
  code('300', 'Item out for delivery', 'inDelivery'),
  code('400', 'Attempted delivery', 'firstAttempt'),
  code('410', 'Item available for pickup', 'inPudo'),
  code('450', 'Item re-directed to new address', 'inTransport'),
  code('500', 'Item successfully delivered', 'delivered', true),
  code('510', 'Proof Of Delivery', 'delivered', true),
  code('550', 'Return received at handling facility', 'return'),
  code('570', 'Return Received', 'return', true),
  code('800', 'Claim Issued', 'problem'),
  code('900', 'Delivery failed', 'problem'),
];

/** Each carrier type's published status codes, for the types whose list is known. */
export const CARRIER_STATUS_CODES: Partial<Record<OperatorType, readonly CarrierStatusCode[]>> = {
  INPOST,
  UPS,
  GLS,
  DPD,
  PACKETA,
  LANDMARK,
};
