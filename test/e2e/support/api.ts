import { expect, type APIRequestContext } from '@playwright/test';
import type {
  ClientOption,
  CurrentUserView,
  Role,
  SignInReply,
  UpdateUserRequest,
  UserView,
} from '@depot/contracts';
import type { Lang } from './i18n';

/** Demo data loaded on the embedded database (README.md). */
export const DEMO = {
  password: 'depot-demo-2026',
  admin: 'admin@demo.depot',
  clientName: 'Demo Shop Sp. z o.o.',
} as const;

/** The first superAdmin, made by the server at its first start (playwright.config.ts). */
export const ROOT = { email: 'root@e2e.depot', password: 'e2e-root-password-2026' } as const;

/** Long enough for the password rule (PASSWORD_MIN_LENGTH). */
export const TEST_PASSWORD = 'e2e-password-2026';

let counter = 0;
/** A short token unique to this test run and worker, usable in names and e-mails (letters and digits only). */
export function uniqueTag(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

export interface NewUser {
  role?: Role;
  lang?: Lang;
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  clientId?: string | null;
}

export interface CreatedUser extends UserView {
  password: string;
}

/** The REST API as the panel uses it: POST /api/auth/email, then Bearer calls. Used to set up test data. */
export class DepotApi {
  private adminToken: Promise<string> | undefined;
  private rootToken: Promise<string> | undefined;

  constructor(
    private readonly request: APIRequestContext,
    /** Language given to users the tests create, so the panel shows them the project's language. */
    private readonly lang: Lang,
  ) {}

  async signIn(email: string, password: string): Promise<SignInReply> {
    const res = await this.request.post('/api/auth/email', { data: { email, password } });
    expect(res.status(), `sign-in of ${email}`).toBe(200);
    return (await res.json()) as SignInReply;
  }

  /** A token of the demo admin (signed in once per test). */
  admin(): Promise<string> {
    this.adminToken ??= this.signIn(DEMO.admin, DEMO.password).then((r) => r.token);
    return this.adminToken;
  }

  /** A token of the first superAdmin (only a superAdmin creates another). */
  root(): Promise<string> {
    this.rootToken ??= this.signIn(ROOT.email, ROOT.password).then((r) => r.token);
    return this.rootToken;
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    token: string,
    data?: unknown,
  ): Promise<T> {
    const res = await this.request.fetch(`/api${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /** Creates a user as the demo admin (a superAdmin as the first superAdmin); defaults: a staff salesman in the project's language, unique e-mail. */
  async createUser(u: NewUser = {}): Promise<CreatedUser> {
    const tag = uniqueTag(u.role ?? 'salesman');
    const password = u.password ?? TEST_PASSWORD;
    const creator = u.role === 'superAdmin' ? await this.root() : await this.admin();
    const user = await this.call<UserView>('POST', '/user/create', creator, {
      firstName: u.firstName ?? 'Test',
      lastName: u.lastName ?? tag,
      email: u.email ?? `${tag}@e2e.depot`.toLowerCase(),
      role: u.role ?? 'salesman',
      lang: u.lang ?? this.lang,
      clientId: u.clientId ?? null,
      password,
      confirmPassword: password,
    });
    return { ...user, password };
  }

  async updateUser(id: string, body: UpdateUserRequest): Promise<UserView> {
    return this.call<UserView>('PUT', `/user/${id}/`, await this.admin(), body);
  }

  async getUser(id: string): Promise<UserView> {
    return this.call<UserView>('GET', `/user/${id}`, await this.admin());
  }

  /** GET /api/user/get/current with the given user's own token. */
  async current(token: string): Promise<CurrentUserView> {
    return this.call<CurrentUserView>('GET', '/user/get/current', token);
  }

  async clientOptions(search: string): Promise<ClientOption[]> {
    return this.call<ClientOption[]>(
      'GET',
      `/client/get/options?search=${encodeURIComponent(search)}`,
      await this.admin(),
    );
  }
}
