// Renders docs/permissions.md from the permission matrix in libs/contracts (the data the guard reads).
// `npm run docs:permissions` rewrites the file; a unit test fails when the file is out of date.
const ROLE_ORDER = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];

/** @param {Record<string, { module: string; description: string; roles: readonly string[] }>} permissions */
function renderPermissionsDoc(permissions) {
  const lines = [
    '# Permissions',
    '',
    'Generated from `libs/contracts/src/permissions.ts` by `npm run docs:permissions`; do not edit by hand',
    '(a unit test fails when this file and the data differ). The API guard, the realtime gateway and the',
    'panel read the same data.',
    '',
    "Roles: **superAdmin**, **admin**, **salesman**, **operator**, **magazyn** (warehouse), **user** (a client's user).",
    '',
    'On top of this table, rows are scoped in repositories and services:',
    '',
    "- a client user (and an API key) only ever sees its own client's rows;",
    "- the users list shows admins and superAdmins every user, staff and clients' users; a salesman sees only itself;",
    "- a client's users (its logins) are listed on the client's page for whoever may create and edit them;",
    '- only a superAdmin may create or change a superAdmin;',
    '- everyone may edit their own first name, last name and language, and change their own password;',
    "- API keys act as their client's `user` role, and only on routes marked for integrators;",
    "- scans, consolidations and wall screens are the warehouse's (magazyn), the operators' and the admins' work: a",
    "  client's user holds none of their permissions, so never sees another client's scans (issue 14 item 8).",
    '',
  ];
  const modules = [];
  for (const rule of Object.values(permissions))
    if (!modules.includes(rule.module)) modules.push(rule.module);
  for (const mod of modules) {
    lines.push(`## ${mod}`, '', `| permission | what it allows | ${ROLE_ORDER.join(' | ')} |`);
    lines.push(`|---|---|${ROLE_ORDER.map(() => ':-:').join('|')}|`);
    for (const [name, rule] of Object.entries(permissions)) {
      if (rule.module !== mod) continue;
      const cells = ROLE_ORDER.map((r) => (rule.roles.includes(r) ? '✓' : ''));
      lines.push(`| \`${name}\` | ${rule.description} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

module.exports = { renderPermissionsDoc };

if (require.main === module) {
  const { join } = require('node:path');
  const { writeFileSync } = require('node:fs');
  const { PERMISSIONS } = require(join(__dirname, '..', 'libs', 'contracts', 'dist', 'index.js'));
  writeFileSync(join(__dirname, '..', 'docs', 'permissions.md'), renderPermissionsDoc(PERMISSIONS));
  process.stdout.write('docs/permissions.md written\n');
}
