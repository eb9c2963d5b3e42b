import { WEIGHT_MAX_KG, WEIGHT_NUMBER_MAX_LENGTH } from './weights/constants';

/** The heaviest real weight, as the messages write it. */
const MAX_KG = WEIGHT_MAX_KG.toLocaleString('en');

/**
 * Human messages the API sends (SPEC.md section 8 wording where it has one).
 * The panel shows `message` as given, so these are the words users read.
 */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  noValueChanged: 'No value has changed',
  serverError: 'Server error, please contact administrator',
  enterCorrectData: 'Enter the correct data.',
  unhandled: 'Unhandled error, please contact the system administrator.',
  invalidOldPassword: 'Invalid Old Password.',
  passwordChanged: 'Password has been changed.',
  invalidCredentials: 'Invalid email or password.',
  accountInactive: 'This account is inactive. Please contact the administrator.',
  clientInactive: 'Your company account is inactive. Please contact the administrator.',
  accessDisabled: 'Access to the panel has been disabled for your company. Please contact the administrator.',
  tooManySignInAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notSignedIn: 'You are not signed in or your session has expired.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  userNotFound: 'User not found.',
  clientNotFound: 'Client not found.',
  emailTaken: 'A user with this email already exists.',
  onlySuperAdminManagesSuperAdmin: 'Only a superAdmin may create or change a superAdmin.',
  clientRequiredForClientUser: 'Client is required',
  clientOnlyForClientUser: 'Only client users belong to a client.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  invalidCursor: 'Invalid page cursor.',
  /** Issue 11: text PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone surrogate). */
  textNotStorable: (field: string) =>
    `The field ${field} contains a character that cannot be stored (NUL or broken Unicode).`,
  textTooLong: (field: string, max: number) => `The field ${field} is too long: at most ${max} characters.`,
  inputTooDeep: (field: string) => `The field ${field} is nested too deeply.`,
  clientShortNameTaken: 'A client with this short name already exists.',
  clientPrefixTaken: 'A client with this prefix already exists.',
  linkedAccountsConfirm: 'This change affects linked accounts. Confirm to apply it.',
  masterAccountInvalid: 'The master account must be another client marked as a master account.',
  masterCannotBeLinked: 'A master account cannot be linked to another master account.',
  operatorNotFound: 'Operator not found.',
  operatorNameTaken: 'An operator with this name already exists.',
  /** SPEC 4. */
  operatorHasActiveParcels: 'An operator cannot be deactivated while any active parcel is assigned to it.',
  additionalServiceNotFound: 'Additional service not found.',
  additionalServiceCodeTaken: 'This operator already has a service with this code.',
  /** VIES answered that the client's VAT ID is not registered (or it cannot be a VAT number at all). */
  vatIdInvalid: 'The VAT number is not valid according to the VIES service.',
  /** VIES could not be asked (not configured, down, timed out); a strict check refuses the save with 503. */
  vatCheckUnavailable: 'The VAT number could not be checked: the VIES service is unreachable',
  /** VIES only knows EU member states' numbers (GB, RU and others are saved unchecked). */
  vatCheckNotEu: 'The VAT number was not checked: the VIES service covers only EU member states.',
  /** A colleague changed the client's VAT ID while it was being checked: save again. */
  vatCheckStale: 'The client was changed by someone else during the VAT check. Save again.',
  clientGroupNotFound: 'Client group not found.',
  clientGroupNameTaken: 'A client group with this name already exists.',
  /** SPEC 8 "Duplicate client in a group: info": nothing changes for that client. */
  clientAlreadyInGroup: 'The client is already in this group.',
  /** A client is in at most one FV or AREA group; the refusal names the group that holds it. */
  clientInOtherGroup: (client: string, group: string) =>
    `The client ${client} is already in the group ${group}.`,
  sectorNotFound: 'Sector not found.',
  /** Decision 0124: a sector is unique by country and description (trimmed, any case). */
  sectorTaken: 'A sector with this country and description already exists.',
  /** Decision 0124: a carrier is mapped to at most one sector of a country, so a parcel's sector is unique. */
  sectorOperatorConflict: 'This operator is already mapped to another sector of this country.',
  statusMapNotFound: 'Status mapping not found.',
  statusMapCodeTaken: 'This carrier type already has this external status: change it in the status map.',
  statusMapNothingToSave: 'Give at least one status to save.',
  statusMapTooManyRows: (max: number) => `At most ${max} statuses can be saved at once.`,
  statusMapDuplicateCode: (code: string) => `The external status ${code} is given twice.`,
  uploadMissing: 'Choose a file to upload.',
  uploadTooLarge: (megabytes: number) => `The file is too large: at most ${megabytes} MB.`,
  uploadNotXlsx: 'Choose an Excel workbook (.xlsx).',
  statusMapImportUnreadable: 'The file could not be read as an Excel workbook (.xlsx).',
  statusMapImportEmpty:
    'The file has no statuses: put the codes in column A and their descriptions in column B.',
  statusMapImportTooManyRows: (max: number) => `The file has more than ${max} statuses.`,
  statusMapImportBadCode: (row: number) => `Row ${row}: the code is missing or longer than 100 characters.`,
  statusMapImportBadDescription: (row: number) =>
    `Row ${row}: the description is missing or longer than 500 characters.`,
  statusMapImportBadStatus: (row: number, value: string) => `Row ${row}: ${value} is not a parcel status.`,
  statusMapImportBadTerminal: (row: number, value: string) =>
    `Row ${row}: write yes or no in the terminal column, not ${value}.`,
  statusMapImportDuplicate: (row: number, code: string) =>
    `Row ${row}: the code ${code} is in the file twice.`,
  /** Imports of shipments (issue 16, decision 0150). */
  importFileType: 'Choose an Excel workbook (.xlsx) or a CSV file (.csv).',
  importUnreadable:
    'The file could not be read as a spreadsheet: choose an Excel workbook (.xlsx) or a CSV file.',
  importEmpty: 'The file is empty.',
  importHeadersOnly: 'The file has headers but no shipments.',
  importTooManyRows: (max: number) => `The file has more than ${max} rows: split it into smaller files.`,
  importColumnsMissing: (columns: string) =>
    `These columns are missing or not mapped: ${columns}. Map them or use the template.`,
  importColumnMapInvalid: 'The column mapping names a column the file does not have, or one field twice.',
  importDuplicateInFile: (row: number) => `The same reference or external number is in row ${row}.`,
  importDuplicateInDatabase: 'A parcel with this reference or external number already exists.',
  importNotFound: 'Import not found.',
  importRowNotFound: 'Import row not found.',
  importNotReady:
    'This import is not ready: only an import waiting for approval can be changed, approved or cancelled.',
  importNothingValid: 'No row of this import is valid: there is nothing to approve.',
  importRowCreated: 'This row has already become a parcel.',
  /** A check that stopped (its process died) and was swept (decision 0153). */
  importStalled:
    'The check of this file stopped before it finished (the server may have been restarted). Upload the file again.',
  /** Column presets of shipment files (issue 16 item 1, decision 0152). */
  importPresetNotFound: 'Column preset not found.',
  importPresetName: 'Name the preset (1 to 100 characters).',
  importPresetEmpty: 'The preset maps no column: choose at least one.',
  importPresetUnknownField: 'The preset names a field that is not a column of the shipment file.',
  importPresetHeader: "Give each of the preset's fields the header of its column (at most 1,000 characters).",
  importPresetHeaderTwice: 'The preset gives the same header to two fields.',
  importPresetNotFitting: (headers: string) =>
    `The preset does not fit this file: it has no column ${headers}.`,
  importPresetWithMap: 'Send a column mapping or a preset, not both.',
  /** Real weights from carriers' files (issue 16 item 4, decision 0151). */
  weightImportNotFound: 'Real-weight file not found.',
  weightHeadersOnly: 'The file has headers but no lines.',
  weightNumberColumnMissing:
    'The file has no column of parcel numbers: name it Number, Tracking number, Waybill or Numer przesyłki.',
  weightRealColumnMissing:
    'The file has no real weight column: name it Real weight, Weight or Waga rzeczywista.',
  weightNumberMissing: 'The line has no parcel number.',
  weightNumberTooLong: `The parcel number is longer than ${WEIGHT_NUMBER_MAX_LENGTH} characters.`,
  weightNumberNotStorable: 'The parcel number has characters that cannot be kept (a NUL or broken text).',
  weightRealInvalid: `The real weight must be a number of kilograms above 0 and at most ${MAX_KG}, with at most 3 decimal places.`,
  weightDimensionalInvalid: `The dimensional weight must be a number of kilograms above 0 and at most ${MAX_KG}, with at most 3 decimal places.`,
  weightDuplicate: (row: number) =>
    `The same number or parcel is in row ${row}, later in the file: that line counts.`,
  /** Issue 14 item 5, decision 0129. */
  wallScreenNotFound: 'Wall-screen link not found.',
  logNotFound: 'Log entry not found.',
  dateRangeInvalid: 'The start date cannot be after the end date.',
  apiKeyNotFound: 'API key not found.',
  /** GET /apiKey/get/current answers for the calling API key only. */
  apiKeyOnly: 'This call needs an API key.',
  sessionOnly: 'This call needs a signed-in user; API keys cannot use it.',
  integrationNotFound: 'Integration not found.',
  /** Webhooks (issue 15 item 4, decision 0146). */
  webhookNotFound: 'Webhook endpoint not found.',
  webhookDeliveryNotFound: 'Webhook delivery not found.',
  webhookTooMany: 'A client may have at most 20 webhook endpoints. Delete one first.',
  webhookEndpointInactive: 'This webhook endpoint is inactive. Activate it first.',
  webhookUrlHttpsRequired: 'The URL must start with https://.',
  webhookUrlNotPublic:
    'The URL must point to a public internet address, not to this machine or a private network.',
  webhookUrlNotLocal:
    'On this installation webhooks may only be sent to this machine (localhost or 127.0.0.1).',
  matrixNotFound: 'Routing matrix not found.',
  matrixNameTaken: 'A matrix with this name already exists.',
  /** Exactly one matrix is the default (SPEC 5): it cannot be deleted or lose the flag. */
  matrixDefaultRequired: 'The default matrix must stay the default. Make another matrix the default instead.',
  matrixDefaultNotDeletable: 'The default matrix cannot be deleted. Make another matrix the default first.',
  matrixDefaultConflict: 'Another matrix was made the default at the same time. Please try again.',
  /** A condition names an operator (carrier) that does not exist (details name the row). */
  routingOperatorUnknown: 'The operator does not exist.',
  routingConditionOperatorUnknown: (row: number) => `Condition ${row}: the operator does not exist.`,
  routingConditionDuplicate: 'This condition repeats an earlier one.',
  replacementSameOperator: 'Choose two different operators.',
  replacementTargetInactive: 'The new operator is inactive. Choose an active operator.',
  /** Exports (decision 0045). */
  exportUnknownAction: 'Unknown export action.',
  exportWrongList: 'This export action belongs to another list.',
  exportNothingSelected: 'Select at least one row to export.',
  exportSelectionInvalid: 'The selection to export is not valid.',
  exportSelectionTooLarge: 'Too many rows picked one by one: select all instead, and uncheck the exceptions.',
  exportFiltersInvalid: 'The list filters are not valid.',
  exportClientIdInvalid: 'Choose a client to export, or "all".',
  exportFileNotFound: 'The export file was not found or has expired.',
  unknownJobType: 'Unknown job type.',
  /** Recent jobs (decision 0121). */
  recentJobsLimitInvalid: 'The number of jobs to list must be a whole number from 1 to 50.',
  /** Labels (SPEC 8; decisions 0055–0059). "No package found" is the one the panel does not show. */
  noPackageFound: 'No package found',
  noPackageCreated: 'No package has been created, so no label has been generated',
  noReturnParcel: 'This parcel has no return parcel, so it has no return label.',
  labelParcelIdInvalid: 'Choose a parcel (Order ID) to print a label for.',
  labelIsReturnInvalid: 'isReturn must be true or false.',
  labelFormatInvalid: 'Choose the label format: pdf or zpl.',
  labelNothingSelected: 'Select at least one parcel to print labels for.',
  labelTooMany: 'Too many parcels in one label request.',
  /** External API: the per-key rate limit (decision 0060); the wait is also in the Retry-After header. */
  apiKeyRateLimited: (requests: number, windowSeconds: number, retryAfter: number) =>
    `Too many requests with this API key: at most ${requests} per ${windowSeconds} seconds. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
  /** External API: the Idempotency-Key header (decision 0061). */
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still in progress. Try again shortly.',
  /** Parcels (decisions 0050–0054). */
  parcelNotFound: 'Parcel not found.',
  /** SPEC 2 dashboard notice: the client or the user has disableNewOrders. */
  ordersBlocked: 'The ability to place orders has been blocked',
  parcelClientHasNoPrefix:
    "The client has no parcel number prefix. Set the client's unique prefix before creating parcels.",
  parcelEditOnlyNew: 'Only a parcel in status new can be edited.',
  parcelOverWeight: 'The parcel is too heavy for the carrier chosen by the routing.',
  parcelDomesticCountries: 'A domestic parcel is picked up and delivered in the same country.',
  parcelReturnTypeOnCreate: 'A return parcel is created from the parcel it returns.',
  parcelStatusUnchanged: 'The parcel already has this status.',
  parcelStatusFinal: 'The status of a cancelled parcel cannot be changed.',
  parcelStatusNotSettable: 'This status cannot be set by hand.',
  parcelStatusDeliveredOnlyReturn: 'A delivered parcel can only change to return.',
  parcelCancelFinal: 'A delivered or cancelled parcel cannot be cancelled.',
  parcelCancelInProgress: 'The parcel is already being cancelled.',
  parcelReturnExists: 'A return parcel already exists for this parcel.',
  parcelReturnOfReturn: 'A return parcel cannot be returned.',
  parcelReturnOfCanceled: 'A cancelled parcel cannot be returned.',
  parcelReturnNotLeft: 'Only a parcel handed over to its carrier can be returned.',
  parcelUnknownAction: 'Unknown parcel action.',
  parcelComplexNotAvailable: 'Complex settlements are not available yet.',
  parcelNothingSelected: 'Select at least one parcel.',
  /** Registration at the carrier (decision 0147). */
  parcelAlreadyRegistered: 'This parcel is already registered at its carrier.',
  parcelNotSendable: 'Only a new parcel with a carrier can be sent to the carrier.',
  parcelCarrierNotConnected: "This parcel's carrier cannot be asked: its connection is not configured.",
  carrierLabelMissing: 'The carrier has given no label for this parcel.',
  /** Scanning (SPEC 8 "The package was scanned earlier"; issue 14, decision 0127). */
  packageScannedEarlier: 'The package was scanned earlier',
  scanParcelFinal: 'A delivered or cancelled parcel takes no status change by scan.',
  scanStatusNotSettable: 'This status cannot be set by a scan.',
  scanNothingFound: 'No parcel or consolidation has this number.',
  scanStatusInvalid: 'Choose a status a scan may set.',
  scanNumberRequired: 'Scan a parcel number (1 to 100 characters).',
  scanIdInvalid: 'A scan id is 8 to 64 visible ASCII characters.',
  scanIdsMismatch: 'Send one scan id per number, in the same order.',
  scanIdsRepeated: 'Each scan id may appear once in a request.',
  /** SCAN_BATCH_MAX. */
  scanBatchTooLarge: 'At most 500 numbers in one request.',
  scanTimestampInvalid: 'The timestamp must be a date and time with its offset (ISO 8601).',
  scanTimezoneInvalid: 'Unknown time zone.',
  scanReportDateInvalid: 'Choose a date (yyyy-mm-dd).',
  /** SPEC 8: the daily scan report of a day without scans. */
  noPackagesFound: 'No Packages found',
  /** Consolidations (SPEC 4 and 8; issue 14 item 6; decision 0128). */
  consolidationNotFound: 'Consolidation not found.',
  consolidationBlocked: 'This consolidation is blocked and takes no change.',
  /** SPEC 8 "Mix errors exist for car, landmark and normal consolidation types". */
  consolidationMixNormal: 'A regular consolidation cannot include a Landmark parcel.',
  consolidationMixLandmark: 'A Landmark consolidation cannot include any other parcel.',
  consolidationMixCar: 'A car consolidation cannot mix Landmark parcels with other parcels.',
  /** SPEC 4: only a car consolidation holds other consolidations. */
  consolidationIntoRegular: 'A consolidation cannot be added to a regular consolidation.',
  consolidationCarInside: 'A car consolidation cannot be put into another consolidation.',
  consolidationIntoItself: 'A consolidation cannot be added to itself.',
  consolidationItemPresent: 'It is already in this consolidation.',
  consolidationItemTaken: 'It is already in another consolidation.',
  consolidationItemAbsent: 'It is not in this consolidation.',
  consolidationParcelFinal: 'A delivered or cancelled parcel cannot be consolidated.',
  consolidationEmpty: 'The consolidation holds no parcels.',
  consolidationCarLandmark:
    'Only a normal consolidation is marked Landmark; a car consolidation holds either kind, never both.',
  consolidationDriverRequired: 'Driver is required for a car consolidation',
  consolidationRegistrationRequired: 'Registration number is required for a car consolidation',
  consolidationTypeInvalid: 'Choose the type: car or normal',
  consolidationIdInvalid: 'Choose a consolidation.',
  /** Parcel exports (decision 0080). */
  parcelExportIdInvalid: 'Choose a parcel to export.',
  /** Parcels list: a selection resolved to ids (decision 0071). */
  parcelSelectionTooLarge: 'Too many parcels selected for this action: at most 5,000 at once.',
  /** Parcel generation (decision 0096). */
  parcelGenerateCount: 'The number of copies must be a whole number from 1 to 500.',
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Must be a valid email',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    roleRequired: 'Role is required',
    languageRequired: 'Language is required',
    passwordRequired: 'Password is required',
    confirmPasswordRequired: 'Confirm password is required',
    passwordTooShort: (min: number) => `Password must be at least ${min} characters`,
    passwordsDiffer: 'Both password need to be the same',
    clientRequired: 'Client is required',
    nameRequired: 'Name is required',
    shortNameRequired: 'Short name is required',
    vatIdRequired: 'Vat ID is required',
    phoneRequired: 'Phone is required',
    countryRequired: 'Country is required',
    countryInvalid: 'Must be a two-letter country code',
    cityRequired: 'City is required',
    postalCodeRequired: 'Postal code is required',
    streetRequired: 'Street is required',
    buildingRequired: 'Building is required',
    currencyRequired: 'Currency is required',
    currencyInvalid: 'Must be a three-letter currency code',
    prefixRequired: 'Prefix is required',
    prefixInvalid: 'Prefix may contain only letters and digits',
    debtBlockDaysRequired: 'Debt block days is required',
    atLeastOneDigit: 'Must be at least 1 digit',
    bankAccountRequired: 'Bank account number is required',
    bankAccountInvalid: 'Must be a valid bank account number',
    operatorTypeRequired: 'Operator type is required',
    operatorTypeInvalid: 'Unknown operator type',
    configRequired: 'Config is required',
    configUnknownField: 'Unknown configuration field',
    configOptionInvalid: 'Choose one of the offered values',
    /** SPEC 5 wording for UPS; the same sentence for the other types that need a rate (operatorExchangeRateRequired). */
    exchangeRateRequiredUPS: 'Euro exchange rate is required for operator UPS',
    exchangeRateRequiredPACKETA: 'Euro exchange rate is required for operator PACKETA',
    exchangeRateRequiredCARGUS: 'Euro exchange rate is required for operator CARGUS',
    mustBePositive: 'Must be greater than 0',
    codeRequired: 'Code is required',
    codeInvalid: 'Code may contain only letters, digits, dashes and underscores',
    keyRequired: 'Key is required',
    integrationTypeInvalid: 'Unknown integration type',
    clientsGroupNameRequired: 'Clients group name is required',
    typeRequired: 'Type is required',
    sectorDescriptionRequired: 'Sector description is required',
    terminalRequired: 'Terminal is required',
    dateInvalid: 'Must be a date in the format yyyy-MM-dd',
    routingCountryUnsupported: 'Choose a supported country',
    conditionMaxWeightRequired: 'Max weight is required',
    conditionMaxWeightInvalid: 'Max weight must be a number greater than 0',
    conditionOperatorRequired: 'Operator is required',
    conditionsInvalid: 'Conditions must be a list',
    routeWeightRequired: 'Weight is required',
    routeWeightInvalid: 'Weight must be a number greater than 0',
    routeMatrixOrClient: 'Test either a matrix or a client, not both',
    replacementFromRequired: 'Choose the operator to replace',
    replacementToRequired: 'Choose the new operator',
    packageCountRequired: 'Number of packages is required',
    lengthRequired: 'Length is required',
    widthRequired: 'Width is required',
    heightRequired: 'Height is required',
    parcelValueRequired: 'Value of package is required',
    parcelContentRequired: 'Content of package is required',
    valueCurrencyRequired: 'Currency of value is required',
    orderTypeRequired: 'Order type is required',
    codCurrencyRequired: 'Currency of COD is required',
    statusRequired: 'Status is required',
    statusInvalid: 'Unknown status',
    externalStatusRequired: 'External status is required',
    descriptionRequired: 'Description is required',
    webhookUrlRequired: 'URL is required',
    webhookUrlInvalid: 'Enter a full address starting with https:// (no user name, password or #part)',
    webhookEventsRequired: 'Choose at least one event',
    webhookEventInvalid: 'Unknown event',
  },
  /** A request body that is not JSON on a JSON route (415). */
  jsonBodyRequired: 'Send the body as JSON (Content-Type: application/json).',
} as const;
