/* eslint-disable jest/no-export -- the fuzzing suite, registered by fuzz-1 and fuzz-2 with their share of the operations */
import fc from 'fast-check';
import { Algorithm, hash } from '@node-rs/argon2';
import { operators } from '../../src/db/schema';
import { sha256 } from '../../src/modules/auth/tokens';
import { PASSWORD, startTestDepot, type TestDepot } from '../harness';
import { parcelBody } from '../parcels/parcels.kit';
import {
  caseArb,
  describeCase,
  IdPools,
  kindOfPath,
  validCaseArb,
  type FuzzBody,
  type FuzzCase,
} from './bad-input';
import { sendCase } from './send';
import { errorShapeProblem, fingerprinter, settle, type Fingerprint } from './invariants';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi';
import {
  BODY_DECIDES_ACCESS,
  callersOfRun,
  EXCLUDED,
  FRESH_SESSION_OPS,
  formatViolation,
  idsIn,
  isRefusal,
  KINDS,
  ONLY,
  PROBES,
  ROLES,
  RUNS,
  SEED,
  seedFor,
  unreadable,
  type Caller,
  type Violation,
} from './rules';

/**
 * Issue 11 item 6, fuzzing in CI: bounded, seeded property-based tests (fast-check) that send generated bad input
 * to every operation of the app's own OpenAPI document, as every kind of caller, and fail on
 *  (a) any 5xx reply;
 *  (b) any non-2xx reply that is not the error shape `{ statusCode, error, message, details? }`;
 *  (c) any change of the database by a refused (4xx) request (row triggers log every write);
 *  (d) a refusal that comes only after the input was read: a caller that gets another 4xx for bad input, while a
 *      well-formed body on the same path is refused (401/403), must be refused before its input is looked at;
 *  (e) anything that stops working for everyone afterwards: after each operation's probes and after its generated
 *      inputs, two existing sessions, a new sign-in and the health check must still answer 200.
 * Every operation first gets well-formed probes, sent to every caller (they also show which callers it refuses), then
 * FUZZ_RUNS generated inputs, each sent to the anonymous caller, the client user, its key and two staff roles, one the
 * operation serves and one it refuses, in turn (rules.ts callersOfRun); every reply is checked, and all failures are
 * reported together at the end.
 * FUZZ_SEED replays a run (the failure report prints it), FUZZ_RUNS scales it, FUZZ_OPS (a regular expression on
 * "METHOD /path") narrows it while debugging. See docs/testing.md.
 */

/**
 * Registers the fuzzing of every `of`-th operation of the document, starting at `part` (1-based): the operations are
 * shared out between suites (fuzz-1, fuzz-2) so two workers fuzz at once; each part boots its own depot.
 */
export function fuzzEveryOperation(part: number, of: number): void {
  describe(`fuzzing every operation of the OpenAPI document (part ${part} of ${of})`, () => {
    let t: TestDepot;
    let ops: Operation[];
    let callers: Caller[];
    let fingerprint: () => Promise<Fingerprint>;
    let changedTables: (before: Fingerprint, after: Fingerprint) => Promise<string[]>;
    let adminToken: string;
    let clientToken: string;
    let livenessEmail: string;
    let livenessUserId: string;
    /** Ids the generators may aim at; the callers' own users, client and key are never among them. */
    const pools = new IdPools();
    const protectedIds = new Set<string>();

    beforeAll(async () => {
      // The API-key limiter would answer 429 after 120 calls (decision 0060); every fuzzed request comes from its own
      // X-Forwarded-For address so the sign-in limiter's per-address count (decision 0004) cannot lock the checks out.
      t = await startTestDepot({ API_KEY_RATE_LIMIT: 'off', TRUST_PROXY: 'true' });
      const doc = (await t.http().get('/api/docs-json')).body as OpenApiDocument;
      ops = operationsOf(doc);

      // The callers: anonymous, a user of every role (the client user's client can create parcels), the client's key.
      callers = [{ name: 'anonymous', headers: async () => ({}) }];
      const clientId = await t.createClient({ uniquePrefix: 'FUZZ', shortName: 'Fuzz' });
      protectedIds.add(clientId);
      for (const role of ROLES) {
        const u = await t.createUser(role, { clientId: role === 'user' ? clientId : undefined });
        const token = await t.signIn(u.email);
        protectedIds.add(u.id);
        if (role === 'admin') adminToken = token;
        if (role === 'user') clientToken = token;
        callers.push({
          name: role === 'user' ? 'client user' : role,
          headers: async (fresh) => ({ Authorization: `Bearer ${fresh ? await t.sessionOf(u.id) : token}` }),
        });
      }
      const apiKey = await t.createApiKey(clientId);
      const { rows } = await t.depot.runtime.pool.query<{ id: string }>(
        'select id from api_keys where key_hash = $1',
        [sha256(apiKey)],
      );
      protectedIds.add(rows[0].id);
      callers.push({ name: 'API key', headers: async () => ({ 'X-Api-Key': apiKey }) });

      // The user whose fresh sign-in proves sign-in still works (its e-mail is never fuzzed, so never rate-limited).
      const livenessClient = await t.createClient();
      protectedIds.add(livenessClient);
      const liveness = await t.createUser('user', { clientId: livenessClient });
      livenessEmail = liveness.email;
      livenessUserId = liveness.id;
      protectedIds.add(liveness.id);
      // That sign-in follows every input: its user's stored argon2id hash is a cheap one (the sign-in path is the same,
      // only the hash's cost parameters differ), or the OWASP-cost verification would be a third of the suite's time.
      await t.depot.runtime.pool.query('update users set password_hash = $2 where id = $1', [
        liveness.id,
        await hash(PASSWORD, {
          algorithm: Algorithm.Argon2id,
          memoryCost: 1024,
          timeCost: 1,
          parallelism: 1,
        }),
      ]);

      // Decoys: real rows the fuzzed path parameters and bodies may name (and accepted calls may change or delete):
      // another client with a user and a key, a staff user, a carrier with an additional service, a default routing
      // matrix, a client group, a sector holding the carrier, an integration, and parcels of the client user's client.
      const decoyClient = await t.createClient({ uniquePrefix: 'DECOY', shortName: 'Decoy' });
      const decoyUser = await t.createUser('user', { clientId: decoyClient });
      const decoyStaff = await t.createUser('operator');
      await t.createApiKey(decoyClient);
      const decoyKey = await t.depot.runtime.pool.query<{ id: string }>(
        'select id from api_keys where client_id = $1',
        [decoyClient],
      );
      const [carrier] = await t.depot.runtime.db
        .insert(operators)
        .values({ name: 'Fuzz carrier', type: 'DPD', active: true, maxWeightKg: '40' })
        .returning({ id: operators.id });
      pools.add('client', decoyClient);
      pools.add('user', decoyUser.id);
      pools.add('user', decoyStaff.id);
      pools.add('apiKey', decoyKey.rows[0].id);
      pools.add('operator', carrier.id);
      const admin = { Authorization: `Bearer ${adminToken}` };
      const made = async (path: string, body: object, auth: Record<string, string> = admin) => {
        const res = await t.http().post(path).set(auth).send(body);
        if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
        pools.add(kindOfPath(path), (res.body as { id: string }).id);
      };
      await made('/api/operator/additionalService', {
        operatorId: carrier.id,
        name: 'Saturday',
        code: 'SAT',
      });
      await made('/api/matrix/create', {
        name: 'Fuzz default',
        isDefault: true,
        conditions: [
          { pickupCountry: null, destinationCountry: null, maxWeightKg: 50, operatorId: carrier.id },
        ],
      });
      await made('/api/clientGroup/create/group', { name: 'Fuzz group', type: 'FV', clients: [decoyClient] });
      await made('/api/operatingModule/administration/sector/create', {
        sectorCountry: 'DE',
        sectorDescription: 'Fuzz sector',
      });
      const sectorId = pools.of('sector')[0];
      const mapped = await t
        .http()
        .post('/api/operatingModule/administration/sector/mapSectorOperator')
        .set(admin)
        .send({ sectorId, operatorId: carrier.id });
      if (mapped.status !== 200) throw new Error(`mapSectorOperator: ${mapped.status} ${mapped.text}`);
      await made('/api/integration/create', {
        name: 'Fuzz shop',
        type: 'shopify',
        key: 'k',
        clientId: decoyClient,
      });
      for (let i = 0; i < 2; i++)
        await made('/api/order/create', parcelBody({ referenceNumber: `FUZZ-${i}` }), {
          Authorization: `Bearer ${clientToken}`,
        });

      ({ take: fingerprint, changedTables } = await fingerprinter(t.depot.runtime.pool));
    }, 120_000);

    afterAll(async () => {
      await t?.close();
    }, 60_000);

    /** Two existing sessions, a new sign-in and the health check: what must keep working whatever came before. */
    async function livenessProblems(): Promise<string[]> {
      const session = async (who: string, token: string) => {
        const me = await t.http().get('/api/user/get/current').set('Authorization', `Bearer ${token}`);
        return me.status === 200 ? [] : [`GET /api/user/get/current as ${who}: ${me.status} ${me.text}`];
      };
      const signIn = async () => {
        const res = await t
          .http()
          .post('/api/auth/email')
          .set('X-Forwarded-For', '198.51.100.7')
          .send({ email: livenessEmail, password: PASSWORD });
        if (res.status !== 200) return [`POST /api/auth/email: ${res.status} ${res.text}`];
        // What the check leaves (a session, an audit row) goes, so the data stays as the fuzzed calls left it.
        await Promise.all([
          t.depot.runtime.pool.query('delete from sessions where token_hash = $1', [sha256(res.body.token)]),
          t.depot.runtime.pool.query(
            `delete from audit_log where type = 'session.signIn' and entity_id = $1`,
            [livenessUserId],
          ),
        ]);
        return [];
      };
      const health = async () => {
        const res = await t.http().get('/api/health');
        return res.status === 200 ? [] : [`GET /api/health: ${res.status} ${res.text}`];
      };
      // Independent checks: asked at once.
      return (
        await Promise.all([
          session('admin', adminToken),
          session('client user', clientToken),
          signIn(),
          health(),
        ])
      ).flat();
    }

    /**
     * Sends `c` to `op` as each of `who` and checks every reply. `suspects` are the callers this operation has refused
     * so far (it grows): one of them that gets a 4xx other than a refusal for bad input is asked again with the
     * same path and a well-formed body (`c.control`); if that is refused, the bad input was read before the refusal.
     */
    async function runCase(
      op: Operation,
      c: FuzzCase,
      run: string,
      suspects: Set<string>,
      who: Caller[],
      probe = false,
    ): Promise<Violation[]> {
      const violations: Violation[] = [];
      const input = describeCase(op, c);
      const fresh = op.name in FRESH_SESSION_OPS;
      const auth = await Promise.all(who.map((caller) => caller.headers(fresh)));
      let before = await fingerprint();
      /** Sends one request and checks the reply, the error shape and the state it leaves. */
      const checked = async (
        caller: string,
        headers: Record<string, string>,
        body: FuzzBody,
        what: string,
      ) => {
        const reply = await sendCase(t.http(), op, { ...c, body }, headers);
        const found = (kind: Violation['kind'], detail: string) =>
          violations.push({ kind, op: op.name, caller, status: reply.status, run, input: what, detail });
        if (reply.failure) found('no reply', reply.failure);
        else if (reply.status >= 500) found('server error', reply.text);
        else if (reply.status < 200 || reply.status >= 300) {
          const problem = errorShapeProblem(reply);
          if (problem) found('error shape', problem);
        }
        if (reply.status >= 200 && reply.status < 300) {
          for (const [kind, id] of idsIn(reply.body, kindOfPath(op.path)))
            if (!protectedIds.has(id)) pools.add(kind, id);
          await settle(t.depot.runtime.pool);
          before = await fingerprint();
        } else if (reply.status >= 400 && reply.status < 500) {
          const after = await fingerprint();
          const changed = await changedTables(before, after);
          if (changed.length > 0) found('state change', `changed ${changed.join(', ')}`);
          before = after;
        } else before = await fingerprint();
        if (isRefusal(reply)) suspects.add(caller);
        return reply;
      };
      for (const [i, caller] of who.entries()) {
        const reply = await checked(caller.name, auth[i], c.body, input);
        if (
          !probe &&
          suspects.has(caller.name) &&
          !(op.name in BODY_DECIDES_ACCESS) &&
          reply.status >= 400 &&
          reply.status < 500 &&
          !isRefusal(reply) &&
          !unreadable(c, reply)
        ) {
          const controlInput = `${describeCase(op, { ...c, body: c.control })} (the control for: ${input})`;
          const control = await checked(caller.name, auth[i], c.control, controlInput);
          if (isRefusal(control))
            violations.push({
              kind: 'refusal order',
              op: op.name,
              caller: caller.name,
              status: reply.status,
              run,
              input,
              detail: `for bad input, but ${control.status} for the same path with a well-formed body: ${reply.text}`,
            });
        }
      }
      return violations;
    }

    // Once, in the first part.
    if (part === 1)
      it('the exclusion lists name operations of the document', () => {
        const names = new Set(ops.map((o) => o.name));
        expect(ops.length).toBeGreaterThan(50);
        for (const name of [
          ...Object.keys(FRESH_SESSION_OPS),
          ...Object.keys(EXCLUDED),
          ...Object.keys(BODY_DECIDES_ACCESS),
        ])
          expect(names).toContain(name);
      });

    if (part === 1)
      it('the change log sees a write to any table, and not an update that leaves the row as it was', async () => {
        const { pool } = t.depot.runtime;
        const start = await fingerprint();
        await pool.query(`update users set first_name = first_name`);
        await pool.query(`update api_keys set last_used_at = now()`);
        expect(await changedTables(start, await fingerprint())).toEqual([]);
        const first = `(select id from users order by id limit 1)`;
        await pool.query(`update users set first_name = first_name || ' ' where id = ${first}`);
        await pool.query(`update users set first_name = rtrim(first_name) where id = ${first}`);
        expect(await changedTables(start, await fingerprint())).toEqual(['users']);
      });

    it(
      'no operation answers bad input with a server error, a wrong error shape or a change of state, or breaks later calls',
      async () => {
        const found: Violation[] = [];
        /** Whether anything stopped working for everyone after `what` of `op` (livenessProblems), kept as violations. */
        const stoppedServing = async (op: Operation, what: string) => {
          const problems = await livenessProblems();
          for (const detail of problems)
            found.push({
              kind: 'liveness',
              op: op.name,
              caller: '-',
              status: 0,
              run: what,
              input: `(any of ${what}: replay the operation alone with FUZZ_OPS)`,
              detail,
            });
          return problems.length > 0;
        };
        let stoppedAt: string | undefined;
        const toFuzz = ops
          .filter((o) => !(o.name in EXCLUDED) && (!ONLY || ONLY.test(o.name)))
          .filter((_, i) => i % of === part - 1);
        for (const op of toFuzz) {
          const seed = seedFor(op.name);
          // Probes: well-formed input first, to every caller (it also learns which callers the operation refuses).
          // Whether everyone is still served is checked after the probes and again after the generated runs.
          const suspects = new Set<string>();
          for (const [i, probe] of fc
            .sample(validCaseArb(op, pools.snapshot()), { seed, numRuns: PROBES })
            .entries())
            found.push(...(await runCase(op, probe, `probe ${i}`, suspects, callers, true)));
          if (await stoppedServing(op, 'the probes')) {
            stoppedAt = op.name;
            break;
          }

          // Every run is checked and its failures kept (no shrinking: the server's state moves on between runs), so
          // one failure does not hide the next; fast-check only generates. A server that stops serving ends it all.
          let run = 0;
          await fc.assert(
            fc.asyncProperty(caseArb(op, pools.snapshot()), async (c) => {
              const who = callersOfRun(callers, suspects, run);
              found.push(...(await runCase(op, c, `run ${run++}`, suspects, who)));
              return true;
            }),
            { seed, numRuns: RUNS, asyncReporter: async () => undefined },
          );
          if (await stoppedServing(op, `runs 0-${RUNS - 1}`)) {
            stoppedAt = op.name;
            break;
          }
        }
        // One line per problem: the callers that met the same reply to the same input are listed together.
        const groups = new Map<string, { v: Violation; callers: string[] }>();
        for (const v of found) {
          const key = [v.kind, v.op, v.run, v.status, v.detail].join('\u0001');
          const group = groups.get(key) ?? { v, callers: [] };
          group.callers.push(v.caller);
          groups.set(key, group);
        }
        const report = [...groups.values()]
          .sort((a, b) => KINDS.indexOf(a.v.kind) - KINDS.indexOf(b.v.kind))
          .map(({ v, callers }) => formatViolation({ ...v, caller: callers.join(', ') }));
        if (stoppedAt)
          report.push(
            `Stopped at ${stoppedAt}: the app stopped serving every caller, so later operations were not fuzzed.`,
          );
        if (report.length > 0) {
          const ops = [...new Set(found.map((v) => v.op))];
          report.push(
            `Replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_PROBES=${PROBES}, narrowed with FUZZ_OPS, e.g. FUZZ_OPS='^${ops[0]}$'` +
              ' (probe/run N is the N-th input of that operation).',
          );
          throw new Error(`fuzzing found ${found.length} problem(s):\n${report.join('\n')}`);
        }
        expect(found).toEqual([]);
      },
      (240_000 * RUNS) / 3 + 120_000,
    );
  });
}
