import type {
  DomainEvent,
  DomainEventType,
  JobFailed,
  JobFinished,
  JobProgress,
  ListChange,
  ScanRecord,
  UserView,
} from '@depot/contracts';
import { apiKeyRoom, routeEvent, sessionRoom, wallScreenRoom } from './routing';

const USER_ID = '11111111-1111-4111-8111-111111111111';

const row: UserView = {
  id: USER_ID,
  email: 'op@test.depot',
  firstName: 'Olga',
  lastName: 'Operator',
  role: 'operator',
  lang: 'pl',
  clientId: null,
  clientName: null,
  disableNewOrders: false,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const upsert: ListChange = { list: 'users', op: 'upsert', row, actorId: 'actor-1', created: false };
const remove: ListChange = { list: 'users', op: 'delete', id: USER_ID, actorId: null };
const progress: JobProgress = { jobId: 'job-1', jobName: 'test.job', progress: 40, message: 'halfway' };
const finished: JobFinished = { jobId: 'job-1', jobName: 'test.job', result: { count: 3 } };
const failed: JobFailed = { jobId: 'job-1', jobName: 'test.job', message: 'Carrier did not answer' };

const scan: ScanRecord = {
  seq: 7,
  scanId: 'scan-0007',
  number: 'DEM0000000001',
  outcome: 'changed',
  message: null,
  status: 'inTransport',
  previousStatus: 'pickup',
  parcelId: null,
  internalNumber: 'DEM0000000001',
  consolidationId: null,
  sector: null,
  terminal: 'Zielona Góra',
  scannedBy: 'Olga Operator',
  scannedAt: '2026-01-01T08:00:00.000Z',
  createdAt: '2026-01-01T08:00:00.000Z',
};

const CLIENT_ID = 'c0ffee00-0000-4000-8000-000000000001';
const parcel = {
  id: 'p1',
  clientId: CLIENT_ID,
  internalNumber: 'DEM0000000001',
  status: 'new' as const,
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const statusChanged = {
  ...parcel,
  status: 'pickup' as const,
  previousStatus: 'new' as const,
  source: 'panel' as const,
};

describe('sessionRoom', () => {
  it('names the internal room of one session', () => {
    expect(sessionRoom('abc')).toBe('session:abc');
  });
});

describe('apiKeyRoom', () => {
  it('names the internal room of the sockets of one API key', () => {
    expect(apiKeyRoom('k1')).toBe('apiKey:k1');
  });
});

describe('wallScreenRoom', () => {
  it('names the internal room of the sockets of one wall-screen link', () => {
    expect(wallScreenRoom('l1')).toBe('wallScreen:l1');
  });
});

describe('routeEvent', () => {
  describe('list.changed', () => {
    it('relays an upsert as list:change to exactly the rooms the event names', () => {
      const event: DomainEvent = {
        type: 'list.changed',
        change: upsert,
        rooms: [`user:${USER_ID}`, 'list:users'],
      };
      expect(routeEvent(event)).toEqual([
        { rooms: [`user:${USER_ID}`, 'list:users'], event: 'list:change', payload: upsert },
      ]);
    });

    it('relays a delete with the change unchanged', () => {
      const event: DomainEvent = { type: 'list.changed', change: remove, rooms: ['list:users'] };
      const [emit] = routeEvent(event);
      expect(emit).toEqual({ rooms: ['list:users'], event: 'list:change', payload: remove });
    });

    it('keeps an empty room list empty (the gateway then emits nothing)', () => {
      expect(routeEvent({ type: 'list.changed', change: upsert, rooms: [] })).toEqual([
        { rooms: [], event: 'list:change', payload: upsert },
      ]);
    });
  });

  describe('session.revoked', () => {
    it.each(['signedOut', 'expired', 'revoked', 'accessDisabled'] as const)(
      'tells every revoked session room why (%s)',
      (reason) => {
        const event: DomainEvent = { type: 'session.revoked', sessionIds: ['s1', 's2'], reason };
        expect(routeEvent(event)).toEqual([
          { rooms: ['session:s1', 'session:s2'], event: 'session:ended', payload: { reason } },
        ]);
      },
    );

    it('never sends a session end to a user or staff room', () => {
      const [emit] = routeEvent({ type: 'session.revoked', sessionIds: [USER_ID], reason: 'revoked' });
      expect(emit.rooms).toEqual([`session:${USER_ID}`]);
    });
  });

  describe('apiKey.revoked', () => {
    it.each(['revoked', 'accessDisabled'] as const)(
      'tells the sockets of every stopped key why (%s), and nobody else',
      (reason) => {
        const event: DomainEvent = { type: 'apiKey.revoked', apiKeyIds: ['k1', 'k2'], reason };
        expect(routeEvent(event)).toEqual([
          { rooms: ['apiKey:k1', 'apiKey:k2'], event: 'session:ended', payload: { reason } },
        ]);
      },
    );
  });

  describe('wallScreen.revoked', () => {
    it('tells the sockets of every revoked link, and nobody else', () => {
      const event: DomainEvent = { type: 'wallScreen.revoked', linkIds: ['l1', 'l2'] };
      expect(routeEvent(event)).toEqual([
        { rooms: ['wallScreen:l1', 'wallScreen:l2'], event: 'session:ended', payload: { reason: 'revoked' } },
      ]);
    });
  });

  describe('scan.recorded', () => {
    it("goes as scan:recorded to its terminal's room only", () => {
      const event: DomainEvent = { type: 'scan.recorded', payload: scan };
      expect(routeEvent(event)).toEqual([
        { rooms: ['terminal:Zielona Góra'], event: 'scan:recorded', payload: scan },
      ]);
    });
  });

  describe.each([
    ['job.progress', 'job:progress', progress],
    ['job.finished', 'job:finished', finished],
    ['job.failed', 'job:failed', failed],
  ] as const)('%s', (type, socketEvent, payload) => {
    it(`goes as ${socketEvent} to the starting user's room only`, () => {
      const event = { type, userId: USER_ID, payload } as DomainEvent;
      expect(routeEvent(event)).toEqual([{ rooms: [`user:${USER_ID}`], event: socketEvent, payload }]);
    });

    it('goes nowhere when no user started the job', () => {
      const event = { type, userId: null, payload } as DomainEvent;
      expect(routeEvent(event)).toEqual([]);
    });
  });

  describe.each([
    ['parcel.created', 'parcel:created', parcel],
    ['parcel.updated', 'parcel:updated', parcel],
    ['parcel.status_changed', 'parcel:status_changed', statusChanged],
  ] as const)('%s', (type, socketEvent, payload) => {
    it(`goes as ${socketEvent} to the parcel's client room only`, () => {
      const event = { type, payload } as DomainEvent;
      expect(routeEvent(event)).toEqual([{ rooms: [`client:${CLIENT_ID}`], event: socketEvent, payload }]);
    });
  });

  it('routes every domain event type (add a case here when a type is added)', () => {
    const samples: { [T in DomainEventType]: Extract<DomainEvent, { type: T }> } = {
      'list.changed': { type: 'list.changed', change: upsert, rooms: ['list:users'] },
      'session.revoked': { type: 'session.revoked', sessionIds: ['s1'], reason: 'signedOut' },
      'apiKey.revoked': { type: 'apiKey.revoked', apiKeyIds: ['k1'], reason: 'revoked' },
      'job.progress': { type: 'job.progress', userId: USER_ID, payload: progress },
      'job.finished': { type: 'job.finished', userId: USER_ID, payload: finished },
      'job.failed': { type: 'job.failed', userId: USER_ID, payload: failed },
      'parcel.created': { type: 'parcel.created', payload: parcel },
      'parcel.updated': { type: 'parcel.updated', payload: parcel },
      'parcel.status_changed': { type: 'parcel.status_changed', payload: statusChanged },
      'scan.recorded': { type: 'scan.recorded', payload: scan },
      'wallScreen.revoked': { type: 'wallScreen.revoked', linkIds: ['l1'] },
    };
    for (const event of Object.values(samples)) {
      const emits = routeEvent(event);
      expect(emits).toHaveLength(1);
      expect(emits[0].rooms.length).toBeGreaterThan(0);
    }
  });

  it('routes an event type it does not know (e.g. from a newer instance on the bus) nowhere instead of throwing', () => {
    const unknown = { type: 'parcel.teleported', id: 'p1' } as unknown as DomainEvent;
    expect(routeEvent(unknown)).toEqual([]);
  });
});
