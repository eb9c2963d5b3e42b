import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Decision 0125: what the first page (the sign-in page) loads is what `main.tsx` reaches by static imports. The
 * bundler puts everything reachable from there in the chunks that page downloads, so these must stay out of reach:
 * the full contracts barrel (every route contract and zod), the typed client that walks it, socket.io-client, zod
 * itself, and the query cache (it comes with the signed-in shell). Dynamic `import()` is how the panel brings them later.
 */
const FORBIDDEN = [
  '@depot/contracts',
  'socket.io-client',
  'zod',
  './api/contract-client',
  './api/query',
  '@tanstack/react-query',
];
const SRC = __dirname;

/** The value imports (and re-exports) of a module: type-only ones are erased by the compiler. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s+'([^']+)';/gm)) {
    if (m[2]) continue;
    const names = m[3].replace(/^\{|\}$/g, '');
    const braces = m[3].trim().startsWith('{');
    const onlyTypes =
      braces &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    if (!onlyTypes) found.push(m[4]);
  }
  for (const m of text.matchAll(/^import\s+'([^']+)';/gm)) found.push(m[1]);
  return found;
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (c) => existsSync(c) && statSync(c).isFile(),
  );
}

/** Every module `main.tsx` reaches by static value imports, with the import that brought each. */
function reached(): Map<string, { from: string; spec: string }[]> {
  const start = join(SRC, 'main.tsx');
  const seen = new Set([start]);
  const external = new Map<string, { from: string; spec: string }[]>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of valueImports(file)) {
      const local = spec.startsWith('.') ? resolveLocal(file, spec) : undefined;
      const key = local ? `./${relative(SRC, local).replace(/\.tsx?$/, '')}` : spec;
      const list = external.get(key) ?? [];
      list.push({ from: relative(SRC, file), spec });
      external.set(key, list);
      if (local && !seen.has(local)) {
        seen.add(local);
        queue.push(local);
      }
    }
  }
  return external;
}

describe('the first page (decision 0125)', () => {
  const imports = reached();

  it('reaches the shell it needs (the check follows imports)', () => {
    expect(imports.has('./App')).toBe(true);
    expect(imports.has('./features/auth/pages/SignInPage')).toBe(true);
    expect(imports.has('@depot/contracts/base')).toBe(true);
    expect(imports.has('react-dom/client')).toBe(true);
  });

  it.each(FORBIDDEN)('does not reach %s by a static import', (name) => {
    expect(imports.get(name) ?? []).toEqual([]);
  });
});
