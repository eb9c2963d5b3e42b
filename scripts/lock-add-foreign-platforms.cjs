// Adds lockfile entries for optional platform packages (darwin, win32, android, ...) that the registry mirror
// of these machines does not serve. `npm install` here leaves them out of package-lock.json, and `npm ci` then
// refuses the lock ("Missing: @swc/core-darwin-arm64 from lock file"). The entries carry the version, the
// os/cpu they are for and `optional: true`, so npm skips them on this platform. Run after `npm install`
// changes the lock: `node scripts/lock-add-foreign-platforms.cjs`.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
  'wasm32',
  'wasi',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules' : `${path}/node_modules`;
    const candidates = [`${base}/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const parts = name.split(/[-/]/);
    const entry = { version: String(version).replace(/^[\^~]/, ''), optional: true };
    if (pkg.dev) entry.dev = true;
    const os = OS.find((o) => parts.includes(o) || (o === 'win32' && parts.includes('win')));
    const cpu = CPU.find((c) => parts.includes(c));
    if (os) entry.os = [os === 'wasi' ? 'wasi' : os];
    if (cpu) entry.cpu = [cpu];
    lock.packages[`node_modules/${name}`] = entry;
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`lockfile: ${added} foreign-platform entries added\n`);
