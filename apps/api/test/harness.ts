import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import {
  SESSION_TTL_MS,
  type ClientToServerEvents,
  type Role,
  type ServerToClientEvents,
} from '@depot/contracts';
import { loadConfig, type AppConfig } from '../src/config/config';
import { startDepot, type Depot } from '../src/app';
import { clients, users, apiKeys, sessions } from '../src/db/schema';
import { Algorithm, hash } from '@node-rs/argon2';
import { newApiKey, newSecret, sha256 } from '../src/modules/auth/tokens';
import { IN_MEMORY } from '../src/db/embedded';
import { serverUrl, SNAPSHOT, suiteDatabasePrefix, TEMPLATE_ENV } from './template';

/** The superAdmin every test depot starts with. */
export const ADMIN = { email: 'root@test.depot', password: 'root-password-123' };
export const PASSWORD = 'test-password-123';

export { serverUrl };

export type DepotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestDepot {
  depot: Depot;
  config: AppConfig;
  url: string;
  http: () => ReturnType<typeof request>;
  /** Signs in and returns the token. */
  signIn(email: string, password?: string): Promise<string>;
  /**
   * A session token for the user with this e-mail, made directly in the database (what a sign-in makes, without its
   * argon2 check): for tests whose subject is not sign-in itself.
   */
  sessionFor(email: string): Promise<string>;
  /** The same for a user known by id. */
  sessionOf(userId: string): Promise<string>;
  /** Inserts a client directly (the clients module is not the subject of these tests). */
  createClient(flags?: Partial<typeof clients.$inferInsert>): Promise<string>;
  /** Inserts a user directly with PASSWORD; returns id and email. */
  createUser(
    role: Role,
    opts?: { clientId?: string; active?: boolean; email?: string },
  ): Promise<{ id: string; email: string }>;
  /**
   * A user of `role` and a session token for them, made directly in the database (as a sign-in makes it, without
   * the sign-in's argon2 check: sign-in itself is the auth suites' subject, through `signIn`).
   */
  userWithToken(role: Role): Promise<{ id: string; email: string; token: string; clientId: string | null }>;
  createApiKey(clientId: string, active?: boolean): Promise<string>;
  socket(auth: Record<string, unknown>): DepotSocket;
  close(): Promise<void>;
}

let seq = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/**
 * A suite's own database on the server: a copy of the run's migrated template (global-setup.ts). It is not dropped
 * when the suite ends: on PostgreSQL 15 every DROP DATABASE forces an immediate checkpoint, which flushes the dirty
 * pages of every suite running beside it; the run's teardown drops all of them together instead (decision 0137).
 */
async function freshServerDatabase(base: string): Promise<{ url: string }> {
  const template = process.env[TEMPLATE_ENV];
  if (!template)
    throw new Error('No migrated template: the integration tests run through jest (global-setup.ts).');
  const name = `${suiteDatabasePrefix(template)}${unique().replace(/-/g, '_')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

export interface TestDepotOptions {
  /** Extra Nest modules for this suite only (e.g. a test-only job with a controller to start it). */
  extraModules?: Type[];
  /** A second instance on another suite depot's database (its owner creates and drops it). */
  sameDatabaseAs?: TestDepot;
  /**
   * Embedded runtime: keep the data in a directory (locked, outliving the process) instead of in memory, for a
   * suite that starts a second instance on the same data.
   */
  onDisk?: boolean;
}

/** One key for every test process, so instances sharing a database read each other's secrets. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export async function startTestDepot(
  env: Record<string, string> = {},
  options: TestDepotOptions = {},
): Promise<TestDepot> {
  const shared = options.sameDatabaseAs?.config;
  const base = shared ? undefined : serverUrl();
  const server = base ? await freshServerDatabase(base) : undefined;
  const template = process.env[TEMPLATE_ENV];
  // Embedded: in memory from the migrated template's snapshot (PGlite on a directory spends much of its time in
  // file-system calls), or a copy of the template's directory for a suite that needs one.
  const inMemory = !shared && !server && template && !options.onDisk;
  const dataDir = shared || server || inMemory ? undefined : await mkdtemp(join(tmpdir(), 'depot-test-'));
  if (dataDir && template) await cp(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
  const database = shared
    ? shared.databaseUrl
      ? { DATABASE_URL: shared.databaseUrl }
      : { DATA_DIR: shared.dataDir }
    : server
      ? { DATABASE_URL: server.url }
      : { DATA_DIR: inMemory ? `${IN_MEMORY}${join(template, SNAPSHOT)}` : dataDir! };
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEPOT_ADMIN_EMAIL: ADMIN.email,
    DEPOT_ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    SECRETS_KEY: TEST_SECRETS_KEY,
    // Parcels made by a suite are not sent to carriers on their own unless the suite says so (decision 0147): the
    // suites that cancel or track set their carrier numbers themselves.
    CARRIER_REGISTRATION_ON_CREATE: 'false',
    // Four shards' apps (and a spawned worker) side by side stay well under the server's 100 connections.
    DATABASE_POOL_MAX: '10',
    ...database,
    ...env,
  });
  const depot = await startDepot(config, undefined, { extraModules: options.extraModules });
  // The users a test makes here get an argon2id hash of the cheapest cost: the app reads the cost from the stored
  // hash, so a sign-in goes through the same check, in well under a millisecond instead of ~35 ms of CPU (hundreds of
  // sign-ins per run). What the app hashes itself (first superAdmin, new users, password changes) keeps its real cost.
  const passwordHash = await hash(PASSWORD, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 64,
    timeCost: 1,
    parallelism: 1,
  });
  const db = depot.runtime.db;
  const sockets: DepotSocket[] = [];

  const t: TestDepot = {
    depot,
    config,
    url: depot.url,
    http: () => request(depot.url),
    async signIn(email, password = PASSWORD) {
      const res = await request(depot.url).post('/api/auth/email').send({ email, password });
      if (res.status !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async sessionFor(email) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!u) throw new Error(`no user ${email}`);
      return t.sessionOf(u.id);
    },
    async sessionOf(userId) {
      const token = newSecret();
      await db
        .insert(sessions)
        .values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
      return token;
    },
    async createClient(flags = {}) {
      const [c] = await db
        .insert(clients)
        .values({ companyName: `Client ${unique()}`, ...flags })
        .returning({ id: clients.id });
      return c.id;
    },
    async createUser(role, opts = {}) {
      const email = opts.email ?? `${role.toLowerCase()}-${unique()}@test.depot`;
      const clientId = role === 'user' ? (opts.clientId ?? (await t.createClient())) : null;
      const [u] = await db
        .insert(users)
        .values({
          email,
          firstName: 'Test',
          lastName: role,
          role,
          lang: 'en',
          passwordHash,
          clientId,
          active: opts.active ?? true,
        })
        .returning({ id: users.id });
      return { id: u.id, email };
    },
    async userWithToken(role) {
      const clientId = role === 'user' ? await t.createClient() : null;
      const u = await t.createUser(role, { clientId: clientId ?? undefined });
      return { ...u, token: await t.sessionFor(u.email), clientId };
    },
    async createApiKey(clientId, active = true) {
      const key = newApiKey();
      await db.insert(apiKeys).values({ clientId, name: 'test key', keyHash: sha256(key), active });
      return key;
    },
    socket(auth) {
      const s: DepotSocket = io(depot.url, {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      return s;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await depot.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** Resolves with the next `event` on the socket, or rejects after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: DepotSocket,
  event: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    socket.once(
      event as never,
      ((payload: unknown) => {
        clearTimeout(timer);
        resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
      }) as never,
    );
  });
}

/** Resolves when connected, rejects with the connect_error message. */
export function connected(socket: DepotSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Waits `ms` and resolves with whether `event` arrived meanwhile (for "must not receive" checks). */
export function receivedWithin(
  socket: DepotSocket,
  event: keyof ServerToClientEvents,
  ms = 500,
): Promise<boolean> {
  return new Promise((resolve) => {
    let got = false;
    const on = () => (got = true);
    socket.on(event as never, on as never);
    setTimeout(() => {
      socket.off(event as never, on as never);
      resolve(got);
    }, ms);
  });
}

/** Waits for the next `event` whose payload satisfies `match`, or rejects after `ms`. */
export function eventMatching<E extends keyof ServerToClientEvents>(
  socket: DepotSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const on = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event as never, on as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event as never, on as never);
      reject(new Error(`no matching ${String(event)} within ${ms} ms`));
    }, ms);
    socket.on(event as never, on as never);
  });
}

/** Resolves with the disconnect reason ('already' when it is not connected), or rejects after `ms`. */
export function disconnected(socket: DepotSocket, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** The connect_error message of a socket the server refuses (rejects if it connects). */
export async function refusal(socket: DepotSocket): Promise<string> {
  try {
    await connected(socket);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the socket was accepted');
}
