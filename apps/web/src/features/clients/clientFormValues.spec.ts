import type { ClientView } from '@depot/contracts';
import { clientToForm, emptyClientForm, toCreateRequest, toUpdateRequest } from './clientFormValues';

/** The strict VIES check is a request option, not a client field (decision 0021). */

const CLIENT = {
  ...Object.fromEntries(Object.keys(emptyClientForm()).map((k) => [k, null])),
  id: 'c1',
  companyName: 'Acme',
  shortName: 'ACME',
  vatId: 'PL5260001246',
  debtBlockDays: 0,
  active: true,
  disableAccess: false,
  disableNewOrders: false,
  viesCheck: true,
  autoReturnPackages: false,
  revertLogic: false,
  disableContentInfo: false,
  combineLabels: false,
  disconnectRouting: false,
  disconnectReturn: false,
  masterAccount: false,
  firstMile: false,
  genOnlyFirstMile: false,
  dontPrintLastMile: false,
  masterId: null,
  defaultAddress: null,
  parcelSettings: null,
  linkedAccounts: 0,
} as unknown as ClientView;

describe('strictVatCheck in the client form', () => {
  it('starts unticked and is not taken for a change of the client', () => {
    const v = clientToForm(CLIENT);
    expect(v.strictVatCheck).toBe(false);
    expect(toUpdateRequest({ ...v, strictVatCheck: true }, CLIENT)).toEqual({});
  });

  it('goes with a real change, only while the VIES check is on', () => {
    const v = { ...clientToForm(CLIENT), strictVatCheck: true, vatId: 'PL1234563218' };
    expect(toUpdateRequest(v, CLIENT)).toEqual({ vatId: 'PL1234563218', strictVatCheck: true });
    expect(toUpdateRequest({ ...v, viesCheck: false }, CLIENT)).toEqual({
      vatId: 'PL1234563218',
      viesCheck: false,
    });
  });

  it('is sent on create only when ticked with the VIES check on', () => {
    const v = emptyClientForm();
    expect(toCreateRequest(v)).not.toHaveProperty('strictVatCheck');
    expect(toCreateRequest({ ...v, strictVatCheck: true })).not.toHaveProperty('strictVatCheck');
    expect(toCreateRequest({ ...v, strictVatCheck: true, viesCheck: true })).toMatchObject({
      strictVatCheck: true,
      viesCheck: true,
    });
  });
});
