// Builds the API (npm run build -w apps/api): apps/api/src/**/*.ts, specs left out, compiled to CommonJS in
// apps/api/dist by swc, with the same options the tests compile it with (jest.config.js), source maps beside.
// Types are checked by `npm run typecheck` (tsconfig.tests.json covers apps/api/src), not here: a type-checking
// build took about 14 s of CPU on the 2-core machine, swc takes about 1 s (decision 0119).
'use strict';
const { mkdirSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
const { spawnSync } = require('node:child_process');
const { transformFile } = require('@swc/core');

const api = join(__dirname, '..', 'apps', 'api');
const src = join(api, 'src');
const dist = join(api, 'dist');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.(spec|int-spec)\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name)
      ? [p]
      : [];
  });
}

async function main() {
  rmSync(dist, { recursive: true, force: true });
  const files = sources(src);
  await Promise.all(
    files.map(async (file) => {
      const out = join(dist, relative(src, file)).replace(/\.ts$/, '.js');
      const { code, map } = await transformFile(file, {
        swcrc: false,
        sourceMaps: true,
        sourceFileName: relative(dirname(out), file),
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs', ignoreDynamic: true },
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
      writeFileSync(`${out}.map`, map);
    }),
  );
  process.stdout.write(`apps/api: ${files.length} files compiled to dist\n`);
  // A new data directory, initialised and migrated, that a first start on the embedded runtime copies (decision 0142).
  const written = spawnSync(process.execPath, [join(dist, 'db', 'write-initial-data-dir.js')], {
    stdio: 'inherit',
  });
  if (written.status !== 0) throw new Error('apps/api: writing dist/initial-data-dir.tar failed');
  process.stdout.write('apps/api: dist/initial-data-dir.tar written\n');
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
