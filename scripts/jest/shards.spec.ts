import { SHARD_RUNNERS, shardSuites, suitesIn, TEST_ROOT } from '../../apps/api/test/suites';
import weights from '../../apps/api/test/suite-weights.json';

/** The integration shards (apps/api/test/suites.ts, decision 0136): every suite runs in exactly one. */
describe('shardSuites', () => {
  const suites = suitesIn(TEST_ROOT);

  it.each(Array.from({ length: SHARD_RUNNERS }, (_, i) => i + 1))(
    'split %i ways, every suite is in exactly one shard',
    (of) => {
      const shards = Array.from({ length: of }, (_, i) => shardSuites(suites, i + 1, of));
      const all = shards.flat();
      expect(all).toHaveLength(suites.length);
      expect([...all].sort()).toEqual([...suites].sort());
    },
  );

  it('a suite the weights do not know still runs, once', () => {
    const withNew = [...suites, 'zz/zz-new.int-spec.ts'];
    const shards = Array.from({ length: 4 }, (_, i) => shardSuites(withNew, i + 1, 4));
    expect(shards.flat().filter((s) => s === 'zz/zz-new.int-spec.ts')).toHaveLength(1);
  });

  it('the heaviest suites land in different shards, and the shards are within a heavy suite of each other', () => {
    const w = weights as Record<string, number>;
    const heaviest = [...suites].sort((a, b) => (w[b] ?? 0) - (w[a] ?? 0)).slice(0, 4);
    const shards = Array.from({ length: 4 }, (_, i) => shardSuites(suites, i + 1, 4));
    expect(heaviest.map((s) => shards.findIndex((shard) => shard.includes(s))).sort()).toEqual([0, 1, 2, 3]);
    const loads = shards.map((shard) => shard.reduce((sum, s) => sum + (w[s] ?? 0), 0));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(w[heaviest[0]!]!);
  });

  it('a narrowed run shares out only what it keeps', () => {
    const users = suites.filter((s) => s.startsWith('users/'));
    const shards = Array.from({ length: 3 }, (_, i) => shardSuites(users, i + 1, 3));
    expect([...shards.flat()].sort()).toEqual([...users].sort());
  });
});
