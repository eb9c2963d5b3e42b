import { loadConfig, type AppConfig } from './config';

const DB = 'postgres://depot:secret@db:5432/depot';

/** loadConfig's error message, or a failure when it does not throw. */
function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`expected the configuration to be refused: ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs with no variables at all: embedded, every role, demo data', () => {
    expect(loadConfig({})).toEqual<AppConfig>({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolMax: 20,
      dataDir: './data',
      mode: 'embedded',
      adminEmail: undefined,
      adminPassword: undefined,
      demoData: true,
      carrierSandboxes: true,
      sandboxStepMs: 30_000,
      roles: ['api', 'gateway', 'worker'],
      logLevel: 'info',
      logFormat: 'auto',
      replyCheck: false,
      corsOrigins: [],
      webDist: undefined,
      trustProxy: false,
      secretsKey: undefined,
      viesUrl: undefined,
      viesTimeoutMs: 5000,
      carriers: {
        inpostUrl: undefined,
        upsUrl: undefined,
        packetaUrl: undefined,
        glsUrl: undefined,
        dpdUrl: undefined,
        landmarkUrl: undefined,
        timeoutMs: 10_000,
        refreshEvery: '30 minutes',
        refreshParallel: 4,
        trackingConcurrency: 16,
        sandbox: [],
        registrationConcurrency: 8,
        registerOnCreate: true,
      },
      healthProbeTimeoutMs: 10_000,
      exportDirectMaxRows: 2000,
      labelsDirectMaxParcels: 100,
      importStalledMs: 300_000,
      apiKeyRateLimit: { requests: 120, windowSeconds: 60 },
      // 'local' because Jest runs with NODE_ENV=test (elsewhere 'public', below).
      webhooks: { urls: 'local', timeoutMs: 5000, concurrency: 16 },
    });
  });

  it('webhooks: public URLs unless told, local ones under tests (decision 0146)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhooks.urls).toBe('public');
    // Jest runs with NODE_ENV=test, which the harness's own variables do not carry: the process's counts too.
    expect(loadConfig({}).webhooks.urls).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.urls).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_URLS: 'any' }).webhooks.urls).toBe('any');
    expect(loadConfig({ WEBHOOK_URLS: 'local', WEBHOOK_TIMEOUT_MS: '800' }).webhooks).toEqual({
      urls: 'local',
      timeoutMs: 800,
      concurrency: 16,
    });
    expect(() => loadConfig({ WEBHOOK_URLS: 'everywhere' })).toThrow(/WEBHOOK_URLS/);
  });

  it('ignores variables it does not know (the whole process.env is passed)', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'production' }).mode).toBe('embedded');
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: DB,
      DATABASE_POOL_MAX: '12',
      DATA_DIR: '/var/lib/depot',
      DEPOT_ADMIN_EMAIL: 'Boss@Depot.TEST',
      DEPOT_ADMIN_PASSWORD: 'twelve chars',
      DEMO_DATA: 'yes',
      CARRIER_SANDBOXES: 'off',
      SANDBOX_STEP_SECONDS: '5',
      ROLE: 'api',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      CORS_ORIGINS: ' https://a.depot.test ,https://b.depot.test,',
      WEB_DIST: '/srv/web',
      TRUST_PROXY: 'true',
      VIES_URL: 'https://ec.europa.eu/taxation_customs/vies/rest-api/',
      VIES_TIMEOUT_MS: '2500',
      CARRIER_INPOST_URL: 'https://api-shipx-pl.easypack24.net/',
      CARRIER_UPS_URL: 'https://onlinetools.ups.com',
      CARRIER_PACKETA_URL: 'https://www.zasilkovna.cz',
      CARRIER_GLS_URL: 'https://api.gls-group.net/',
      CARRIER_DPD_URL: 'https://dpdservices.dpd.com.pl',
      CARRIER_LANDMARK_URL: 'https://api.landmarkglobal.com/v2/',
      CARRIER_TIMEOUT_MS: '4000',
      STATUS_REFRESH_EVERY: '10 minutes',
      STATUS_REFRESH_PARALLEL: '8',
      CARRIER_TRACKING_CONCURRENCY: '32',
      CARRIER_REGISTRATION_CONCURRENCY: '3',
      CARRIER_REGISTRATION_ON_CREATE: 'false',
      HEALTH_PROBE_TIMEOUT_MS: '3000',
      EXPORT_DIRECT_MAX_ROWS: '50',
      LABELS_DIRECT_MAX_PARCELS: '7',
      IMPORT_STALLED_MINUTES: '2',
      API_KEY_RATE_LIMIT: '5/2',
      REPLY_CHECK: 'true',
      WEBHOOK_URLS: 'any',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_CONCURRENCY: '4',
    });
    expect(config).toEqual<AppConfig>({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: DB,
      databasePoolMax: 12,
      dataDir: '/var/lib/depot',
      mode: 'server',
      adminEmail: 'boss@depot.test',
      adminPassword: 'twelve chars',
      demoData: true,
      carrierSandboxes: false,
      sandboxStepMs: 5000,
      roles: ['api'],
      logLevel: 'debug',
      logFormat: 'json',
      replyCheck: true,
      corsOrigins: ['https://a.depot.test', 'https://b.depot.test'],
      webDist: '/srv/web',
      trustProxy: true,
      secretsKey: undefined,
      viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
      viesTimeoutMs: 2500,
      carriers: {
        inpostUrl: 'https://api-shipx-pl.easypack24.net',
        upsUrl: 'https://onlinetools.ups.com',
        packetaUrl: 'https://www.zasilkovna.cz',
        glsUrl: 'https://api.gls-group.net',
        dpdUrl: 'https://dpdservices.dpd.com.pl',
        landmarkUrl: 'https://api.landmarkglobal.com/v2',
        timeoutMs: 4000,
        refreshEvery: '10 minutes',
        refreshParallel: 8,
        trackingConcurrency: 32,
        sandbox: [],
        registrationConcurrency: 3,
        registerOnCreate: false,
      },
      healthProbeTimeoutMs: 3000,
      exportDirectMaxRows: 50,
      labelsDirectMaxParcels: 7,
      importStalledMs: 120_000,
      apiKeyRateLimit: { requests: 5, windowSeconds: 2 },
      webhooks: { urls: 'any', timeoutMs: 2000, concurrency: 4 },
    });
  });

  it.each(['auto', 'json', 'pretty'] as const)('accepts LOG_FORMAT=%s', (format) => {
    expect(loadConfig({ LOG_FORMAT: format }).logFormat).toBe(format);
  });

  it('API_KEY_RATE_LIMIT=off turns the per-key limit off', () => {
    expect(loadConfig({ API_KEY_RATE_LIMIT: 'off' }).apiKeyRateLimit).toBeNull();
  });

  describe('mode and demo data', () => {
    it.each<[string, NodeJS.ProcessEnv, AppConfig['mode'], boolean]>([
      ['no DATABASE_URL', {}, 'embedded', true],
      ['an empty DATABASE_URL (means not set)', { DATABASE_URL: '' }, 'embedded', true],
      ['a DATABASE_URL', { DATABASE_URL: DB }, 'server', false],
      ['embedded with DEMO_DATA=0', { DEMO_DATA: '0' }, 'embedded', false],
      ['embedded with DEMO_DATA=off', { DEMO_DATA: 'off' }, 'embedded', false],
      ['server with DEMO_DATA=1', { DATABASE_URL: DB, DEMO_DATA: '1' }, 'server', true],
      ['server with DEMO_DATA=on', { DATABASE_URL: DB, DEMO_DATA: 'on' }, 'server', true],
      ['server with DEMO_DATA=false', { DATABASE_URL: DB, DEMO_DATA: 'false' }, 'server', false],
      ['server with an empty DEMO_DATA (default)', { DATABASE_URL: DB, DEMO_DATA: '' }, 'server', false],
    ])('%s → %s, demo data %s', (_label, env, mode, demoData) => {
      const config = loadConfig(env);
      expect({ mode: config.mode, demoData: config.demoData }).toEqual({ mode, demoData });
    });

    it('keeps the server URL as given', () => {
      expect(loadConfig({ DATABASE_URL: DB }).databaseUrl).toBe(DB);
    });
  });

  describe('ROLE', () => {
    it.each<[string, AppConfig['roles']]>([
      ['api', ['api']],
      ['gateway', ['gateway']],
      ['worker', ['worker']],
      ['api,worker', ['api', 'worker']],
      [' api , gateway ,', ['api', 'gateway']],
      ['worker,api,worker', ['worker', 'api']],
      ['api,gateway,worker', ['api', 'gateway', 'worker']],
    ])('with a server database, ROLE=%j → %j', (role, roles) => {
      expect(loadConfig({ DATABASE_URL: DB, ROLE: role }).roles).toEqual(roles);
    });

    it.each(['api,gateway,worker', 'worker,gateway,api', 'api,api,gateway,worker'])(
      'embedded accepts all three roles (%s)',
      (role) => {
        expect(loadConfig({ ROLE: role }).roles).toHaveLength(3);
      },
    );

    it.each(['api', 'gateway', 'worker', 'api,gateway', 'gateway,worker,gateway'])(
      'embedded refuses a split (ROLE=%s) with a clear message',
      (role) => {
        expect(configError({ ROLE: role })).toBe(
          'Invalid configuration:\n  ROLE: splitting roles needs DATABASE_URL (the embedded database serves one process only)',
        );
      },
    );

    it.each([
      ['an unknown role', 'api,web', 'ROLE.1'],
      ['only commas', ',,', 'ROLE'],
    ])('refuses %s, naming ROLE', (_label, role, path) => {
      expect(configError({ DATABASE_URL: DB, ROLE: role })).toMatch(
        new RegExp(`^Invalid configuration:\\n {2}${path.replace('.', '\\.')}: `),
      );
    });
  });

  describe('readable errors', () => {
    it.each([
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['PORT', '80.5'],
      ['DATABASE_URL', 'not a url'],
      ['DEPOT_ADMIN_EMAIL', 'boss-at-depot'],
      ['DEMO_DATA', 'maybe'],
      ['TRUST_PROXY', '2'],
      ['LOG_LEVEL', 'loud'],
      ['LOG_FORMAT', 'text'],
      ['LOG_FORMAT', 'JSON'],
      ['VIES_URL', 'ec.europa.eu'],
      ['VIES_TIMEOUT_MS', '10'],
      ['VIES_TIMEOUT_MS', 'soon'],
      ['CARRIER_UPS_URL', 'onlinetools.ups.com'],
      ['CARRIER_TIMEOUT_MS', '5'],
      ['EXPORT_DIRECT_MAX_ROWS', '-1'],
      ['EXPORT_DIRECT_MAX_ROWS', 'many'],
      ['LABELS_DIRECT_MAX_PARCELS', '-1'],
      ['IMPORT_STALLED_MINUTES', '0'],
      ['DATABASE_POOL_MAX', '2'],
      ['DATABASE_POOL_MAX', 'many'],
      ['API_KEY_RATE_LIMIT', '120'],
      ['API_KEY_RATE_LIMIT', '0/60'],
      ['API_KEY_RATE_LIMIT', '120/0'],
      ['API_KEY_RATE_LIMIT', '120 per 60'],
    ])('refuses %s=%j with one line naming the variable', (name, value) => {
      const message = configError({ [name]: value });
      const lines = message.split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^ {2}${name}: \\S`));
    });

    it('lists every bad variable at once', () => {
      const message = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DEMO_DATA: 'maybe' });
      expect(message.split('\n').map((l) => l.split(':')[0].trim())).toEqual([
        'Invalid configuration',
        'PORT',
        'DEMO_DATA',
        'LOG_LEVEL',
      ]);
    });

    it.each(['0', '1', '65535'])('accepts PORT=%s', (port) => {
      expect(loadConfig({ PORT: port }).port).toBe(Number(port));
    });
  });

  describe('DEPOT_ADMIN_PASSWORD', () => {
    it.each(['short', 'elevenchars'])('refuses %j (shorter than 12)', (password) => {
      expect(configError({ DEPOT_ADMIN_PASSWORD: password })).toBe(
        'Invalid configuration:\n  DEPOT_ADMIN_PASSWORD: DEPOT_ADMIN_PASSWORD must be at least 12 characters',
      );
    });

    it('accepts exactly 12 characters', () => {
      expect(loadConfig({ DEPOT_ADMIN_PASSWORD: 'abcdefghijkl' }).adminPassword).toBe('abcdefghijkl');
    });

    it('is optional', () => {
      expect(loadConfig({ DEPOT_ADMIN_EMAIL: 'a@b.pl' }).adminPassword).toBeUndefined();
    });
  });
});
