/* eslint-disable jest/no-export -- a helper the carriers' registration suites share, not a suite: it exports the fixtures and the tests every adapter must pass, each suite registers them inside its own describe block */
import type {
  RegistrationAdapter,
  RegistrationResult,
  ShipmentAddress,
  ShipmentField,
  ShipmentParcel,
} from '../../src/integrations/carriers/carrier-registration';
import type {
  FakeCarrier,
  FakeRegistrations,
  FakeShipment,
} from '../../src/sandbox/carriers/fake-carrier-server';

/**
 * What the carriers' registration suites (carriers/*-registration.int-spec.ts) share: the parcel they ask a fake
 * carrier to register, the fake's lifecycle, and the tests every adapter passes alike (refusals under our fields, the
 * ways of not answering, each named). Each suite gives its own account, addresses, numbers and refusals, registers
 * the shared tests where they belong among its own, and keeps what only its carrier does.
 */

/** A fake carrier that registers shipments (fake-inpost, fake-packeta, fake-ups, fake-dpd, fake-landmark…). */
export type RegistrationFake = FakeCarrier & FakeRegistrations;

/** An address, Polish unless told otherwise; each suite puts its carrier's own on top. */
export const shipmentAddress = (over: Partial<ShipmentAddress> = {}): ShipmentAddress => ({
  name: 'Jan Kowalski',
  street: 'Długa',
  building: '5',
  apartment: null,
  city: 'Kraków',
  zipCode: '30-001',
  country: 'PL',
  phone: '+48500100200',
  email: null,
  ...over,
});

/**
 * A parcel to register: one package of books, 2.5 kg, 30 × 20 × 10 cm, from the depot to Jan Kowalski, with no value,
 * COD, insurance or pickup point, and a PDF label; each suite puts its carrier's own on top.
 */
export const shipmentParcel = (over: Partial<ShipmentParcel> = {}): ShipmentParcel => ({
  internalNumber: 'AB0000000042',
  referenceNumber: null,
  weightKg: '2.500',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: null,
  valueCurrency: null,
  content: 'Books',
  sender: shipmentAddress({ name: 'Depot Sender' }),
  receiver: shipmentAddress(),
  cod: null,
  insurance: null,
  dropOffPoint: null,
  labelFormat: 'pdf',
  ...over,
});

/** How many pages a PDF label has. */
export const pdfPages = (pdf: Buffer): number =>
  pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** A registration's label is ZPL, one label (`^XA` … `^XZ`) a package. */
export function expectZplLabels(result: RegistrationResult, packages: number): void {
  const text = result.kind === 'registered' ? result.label!.data.toString() : '';
  expect([
    result.kind === 'registered' && result.label!.format,
    text.startsWith('^XA'),
    text.split('^XZ').length,
  ]).toEqual(['zpl', true, packages + 1]);
}

/** What a suite tells the shared tests: its fake, its adapter, the account's configuration and its parcels. */
export interface FakeCarrierSuite<F extends RegistrationFake> {
  /** Starts the fake (and keeps it where the suite's own tests read it). */
  start: () => Promise<F>;
  /** The adapter under test, answering within `timeoutMs`. */
  adapter: (timeoutMs: number) => RegistrationAdapter;
  config: () => Record<string, unknown>;
  parcel: (over?: Partial<ShipmentParcel>) => ShipmentParcel;
}

/** Some of an account's configuration, put over the suite's (a credential left out, a wrong one). */
type ConfigOver = Record<string, unknown>;

/** A registration the carrier took. */
type Registered = Extract<RegistrationResult, { kind: 'registered' }>;

/** A parcel the carrier refuses: what is wrong with it, how, and our fields its refusal names (in its order). */
export type Refusal = [what: string, over: Partial<ShipmentParcel>, fields: ShipmentField[]];

/** The registration had no answer, for `reason`. */
async function expectUnavailable(result: Promise<RegistrationResult>, reason: string): Promise<void> {
  expect(await result).toEqual({ kind: 'unavailable', reason });
}

/**
 * Starts the suite's fake before its tests, closes it after them and puts it back before each test (answering, at
 * once, nobody told of what it creates). Returns the tests every registration adapter passes alike (`it…`, each
 * registered where the suite calls it, so the suite keeps its order) and the steps its own tests share.
 */
export function useFakeCarrier<F extends RegistrationFake>(suite: FakeCarrierSuite<F>) {
  let started: F | undefined;
  const fake = () => started!;
  beforeAll(async () => {
    started = await suite.start();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    fake().mode = 'answer';
    fake().delayMs = 0;
    fake().onCreated = null;
  });
  /** A parcel (the suite's, with `parcel` on top) registered at the fake with the account (`config` on top). */
  const register = (
    adapter: RegistrationAdapter,
    config: ConfigOver = {},
    parcel: Partial<ShipmentParcel> = {},
  ) => adapter.register(fake().url, { ...suite.config(), ...config }, suite.parcel(parcel));

  return {
    /**
     * Registers the suite's parcel with the fake's `onCreated` listening: it hears of the shipment registered, once,
     * as the fake keeps it. Returns the registration.
     */
    async registersHeardOnce(): Promise<Registered> {
      const heard: FakeShipment[] = [];
      fake().onCreated = (s) => heard.push(s);
      const result = await register(suite.adapter(5000));
      if (result.kind !== 'registered') throw new Error(result.kind);
      expect(heard).toEqual([
        { shipmentId: result.shipmentId, trackingNumber: result.trackingNumber, createdAt: expect.any(Date) },
      ]);
      expect(fake().created.at(-1)).toBe(heard[0]);
      return result;
    },

    /** Refused credentials, 429 and a 500 are each no answer, named, and nothing is created. */
    itAnswersNothing(): void {
      it.each([
        ['badCredentials', 'AUTH_FAILED'],
        ['rateLimited', 'RATE_LIMITED'],
        ['error500', 'HTTP_500'],
      ] as const)('%s: no answer (%s), nothing created', async (mode, reason) => {
        fake().mode = mode;
        const before = fake().created.length;
        await expectUnavailable(register(suite.adapter(2000)), reason);
        expect(fake().created.length).toBe(before);
      });
    },

    /** One 500, then the same adapter registers: `what` is what the carrier creates (shipment, packet). */
    itRecovers(what: string): void {
      it(`a carrier that recovers: HTTP_500 once, then the ${what} is created`, async () => {
        fake().failNext(1);
        const adapter = suite.adapter(2000);
        await expectUnavailable(register(adapter), 'HTTP_500');
        expect(await register(adapter)).toMatchObject({ kind: 'registered' });
      });
    },

    /** A hang is TIMEOUT well before 2 s and creates nothing; each of `missing` (a credential left out) asks nothing. */
    itTimesOutAndAsksNothingWithout(missing: [ConfigOver, ...ConfigOver[]]): void {
      it('a carrier that hangs is TIMEOUT, nothing created; missing credentials ask nothing', async () => {
        fake().mode = 'hang';
        const before = fake().created.length;
        const startedAt = Date.now();
        await expectUnavailable(register(suite.adapter(300)), 'TIMEOUT');
        expect(Date.now() - startedAt).toBeLessThan(2000);
        expect(fake().created.length).toBe(before);
        fake().mode = 'answer';
        const asked = fake().requests.length;
        for (const over of missing)
          await expectUnavailable(register(suite.adapter(300), over), 'MISSING_CREDENTIALS');
        expect(fake().requests.length).toBe(asked);
      });
    },

    /** Each refusal is `rejected` with exactly its fields, in order (any message), and nothing is created. */
    itRefusesUnderTheirFields(refusals: Refusal[]): void {
      it.each(refusals)('%s is refused under its field, nothing created', async (_, over, fields) => {
        const before = fake().created.length;
        expect(await register(suite.adapter(5000), {}, over)).toEqual({
          kind: 'rejected',
          errors: fields.map((field) => ({ field, message: expect.any(String) })),
        });
        expect(fake().created.length).toBe(before);
      });
    },

    /** Each of `wrongs` (a credential the carrier does not know) is AUTH_FAILED, as is a fake refusing any. */
    itRefusesWrongCredentials(title: string, wrongs: [ConfigOver, ...ConfigOver[]]): void {
      // eslint-disable-next-line jest/valid-title -- the suite's title names its carrier's credentials
      it(title, async () => {
        const adapter = suite.adapter(5000);
        for (const wrong of wrongs) await expectUnavailable(register(adapter, wrong), 'AUTH_FAILED');
        fake().mode = 'badCredentials';
        await expectUnavailable(register(adapter), 'AUTH_FAILED');
      });
    },

    /** 429 and a 500 are no answer, named; after one more 500 the same adapter registers. */
    itIsRateLimitedFailsAndRecovers(): void {
      it('429 is RATE_LIMITED; a 500 is HTTP_500, and a carrier that recovers answers again', async () => {
        const adapter = suite.adapter(5000);
        fake().mode = 'rateLimited';
        await expectUnavailable(register(adapter), 'RATE_LIMITED');
        fake().mode = 'error500';
        await expectUnavailable(register(adapter), 'HTTP_500');
        fake().mode = 'answer';
        fake().failNext(1);
        await expectUnavailable(register(adapter), 'HTTP_500');
        expect((await register(adapter)).kind).toBe('registered');
      });
    },

    /**
     * A hang and an answer later than the timeout are each TIMEOUT. With `tokenFirst` one adapter registers once
     * before (its token in hand, what times out is the registration itself); otherwise each time is a new adapter.
     */
    itTimesOutHangingOrSlow({ tokenFirst = false } = {}): void {
      it('a carrier that hangs or answers too slowly is TIMEOUT', async () => {
        const warm = tokenFirst ? suite.adapter(300) : undefined;
        if (warm) await register(warm);
        const adapter = () => warm ?? suite.adapter(300);
        fake().mode = 'hang';
        await expectUnavailable(register(adapter()), 'TIMEOUT');
        fake().mode = 'answer';
        fake().delayMs = 600;
        await expectUnavailable(register(adapter()), 'TIMEOUT');
      });
    },
  };
}
