import type { Role } from './roles';
import type { ClientListItem } from './clients';
import type { UserView } from './users';
import type { OperatorListItem } from './operators';
import type { MatrixListItem } from './matrices';
import type { ApiKeyView } from './api-keys';
import type { IntegrationView } from './integrations';
import type { WebhookDeliveryView, WebhookView } from './webhooks';
import type { ImportRowView, ImportView } from './imports/schemas';
import type { WeightImportLineView, WeightImportView } from './weights/schemas';
import type { ClientGroupListItem } from './client-groups';
import type { LogListItem } from './logs';
import type { SectorListItem } from './sectors';
import type { StatusMapRow } from './status-map';
import type { ScanRecord } from './scans';
import type { WallSinceAck, WallSinceRequest } from './wall-screens';
import type { ConsolidationListItem } from './consolidations';
import type { ParcelEventPayload, ParcelListItem, ParcelStatusChangedPayload } from './parcels';

/** Who is behind a request or a socket: a signed-in user, or a client's API key. */
export type Principal =
  | {
      kind: 'session';
      userId: string;
      role: Role;
      clientId: string | null;
      sessionId: string;
      /** When the session ends; sockets are cut then. */
      expiresAt: string;
    }
  | {
      kind: 'apiKey';
      apiKeyId: string;
      role: 'user';
      clientId: string;
      userId: null;
      sessionId: null;
      expiresAt: null;
    };

/**
 * A wall screen's socket (issue 14 item 5, decision 0129): opened with a wall-screen link's token, it reads one
 * terminal's room and nothing else. Sockets only: it is not a `Principal`, so no REST handler can ever be given one.
 */
export interface WallScreenPrincipal {
  kind: 'wallScreen';
  linkId: string;
  terminal: string;
  role: null;
  userId: null;
  clientId: null;
  sessionId: null;
  expiresAt: null;
}

/** Who is behind a socket: a REST principal, or a wall screen. */
export type SocketPrincipal = Principal | WallScreenPrincipal;

/** Room names (DESIGN.md "Realtime"). */
export const rooms = {
  user: (id: string) => `user:${id}`,
  client: (id: string) => `client:${id}`,
  staff: () => 'staff',
  terminal: (name: string) => `terminal:${name}`,
  consolidation: (id: string) => `consolidation:${id}`,
  import: (id: string) => `import:${id}`,
  job: (id: string) => `job:${id}`,
  list: (entity: ListEntity) => `list:${entity}`,
  /**
   * One client's part of a live list: of its own rows, for that client's users (staff follow `list:<entity>`); of the
   * users list, the client's logins for the staff who manage them (decision 0112).
   */
  clientList: (entity: ListEntity, clientId: string) => `list:${entity}:${clientId}`,
} as const;

/** Collaborative tables that publish row changes. Grows as modules land. */
export const LIST_ENTITIES = [
  'users',
  'clients',
  'clientGroups',
  'logs',
  'apiKeys',
  'integrations',
  'matrices',
  'operators',
  'parcels',
  'sectors',
  'consolidations',
  'statuses',
  'webhooks',
  'webhookDeliveries',
  'imports',
  'importRows',
  /** Carriers' real-weight files, followed live by accounting (decision 0151). */
  'weightImports',
  /** A file's report lines: loaded, not followed (a file's lines never change after its upload). */
  'weightImportLines',
] as const;
export type ListEntity = (typeof LIST_ENTITIES)[number];

/** Row payloads per live list. */
export interface ListRows {
  users: UserView;
  clients: ClientListItem;
  operators: OperatorListItem;
  matrices: MatrixListItem;
  clientGroups: ClientGroupListItem;
  logs: LogListItem;
  apiKeys: ApiKeyView;
  integrations: IntegrationView;
  parcels: ParcelListItem;
  sectors: SectorListItem;
  consolidations: ConsolidationListItem;
  statuses: StatusMapRow;
  webhooks: WebhookView;
  webhookDeliveries: WebhookDeliveryView;
  imports: ImportView;
  /** Published to the import's own room (`import:<id>`), not to a list room. */
  importRows: ImportRowView;
  weightImports: WeightImportView;
  weightImportLines: WeightImportLineView;
}

/** A row change of one live list; over several lists, a union that narrows on `list`. */
export type ListChange<E extends ListEntity = ListEntity> = E extends ListEntity
  ? | { list: E; op: 'upsert'; row: ListRows[E]; actorId: string | null; created: boolean }
    | { list: E; op: 'delete'; id: string; actorId: string | null }
    /**
     * Many rows changed at once (a carrier's status refresh, a status map change; decision 0145): their ids only,
     * at most LIST_CHANGED_MANY_MAX per event; an open list reads its rows again, at most once a second.
     */
    | { list: E; op: 'changedMany'; ids: string[]; actorId: string | null }
  : never;

/** Most ids one `changedMany` list change carries (NOTIFY payloads stay under 8 kB). */
export const LIST_CHANGED_MANY_MAX = 150;

export interface JobProgress {
  jobId: string;
  jobName: string;
  /** 0 to 100. */
  progress: number;
  message?: string;
}
export interface JobFinished {
  jobId: string;
  jobName: string;
  result: unknown;
}
export interface JobFailed {
  jobId: string;
  jobName: string;
  message: string;
}

/** Why the server ended a socket. */
export type SessionEndReason = 'signedOut' | 'expired' | 'revoked' | 'accessDisabled';

/** Events the server sends to the panel. */
export interface ServerToClientEvents {
  'list:change': (change: ListChange) => void;
  'job:progress': (p: JobProgress) => void;
  'job:finished': (p: JobFinished) => void;
  'job:failed': (p: JobFailed) => void;
  'session:ended': (p: { reason: SessionEndReason }) => void;
  /** To `client:<clientId>`: a parcel of the client was created, edited, or changed status. */
  'parcel:created': (p: ParcelEventPayload) => void;
  'parcel:updated': (p: ParcelEventPayload) => void;
  'parcel:status_changed': (p: ParcelStatusChangedPayload) => void;
  /** To `terminal:<name>`: a scan was recorded at that terminal (whatever its outcome). */
  'scan:recorded': (p: ScanRecord) => void;
}

export interface SubscribeAck {
  ok: boolean;
  error?: string;
}

/** Events the panel sends to the server. */
export interface ClientToServerEvents {
  subscribe: (room: string, ack: (a: SubscribeAck) => void) => void;
  unsubscribe: (room: string, ack: (a: SubscribeAck) => void) => void;
  /** A wall screen's load and catch-up: a terminal's scans after the last seq it saw (decision 0129). */
  'wall:since': (req: WallSinceRequest, ack: (a: WallSinceAck) => void) => void;
}

/**
 * Domain events on the event bus. Services publish them; the gateway relays them to rooms;
 * other modules may react. They must stay small (PostgreSQL NOTIFY carries at most ~8 kB).
 */
export type DomainEvent =
  | { type: 'list.changed'; change: ListChange; rooms: string[] }
  | { type: 'session.revoked'; sessionIds: string[]; reason: SessionEndReason }
  /** API keys deactivated, deleted, or of a client made inactive or access-disabled: their sockets are cut. */
  | { type: 'apiKey.revoked'; apiKeyIds: string[]; reason: SessionEndReason }
  | { type: 'job.progress'; userId: string | null; payload: JobProgress }
  | { type: 'job.finished'; userId: string | null; payload: JobFinished }
  | { type: 'job.failed'; userId: string | null; payload: JobFailed }
  /** Parcel changes, relayed to `client:<clientId>` (the staff follow `list:parcels`). */
  | { type: 'parcel.created'; payload: ParcelEventPayload }
  | { type: 'parcel.updated'; payload: ParcelEventPayload }
  | { type: 'parcel.status_changed'; payload: ParcelStatusChangedPayload }
  /** A scan, relayed to `terminal:<terminal>` (wall screens and scanning screens of that terminal). */
  | { type: 'scan.recorded'; payload: ScanRecord }
  /** Wall-screen links revoked: their sockets are told and cut. */
  | { type: 'wallScreen.revoked'; linkIds: string[] };

export type DomainEventType = DomainEvent['type'];
