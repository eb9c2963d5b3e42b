import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS } from '@depot/contracts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderPermissionsDoc } = require('./permissions-doc.cjs') as {
  renderPermissionsDoc: (p: unknown) => string;
};

describe('docs/permissions.md', () => {
  it('is generated from the permission matrix the guard reads (run npm run docs:permissions)', () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'permissions.md'), 'utf8');
    expect(doc).toBe(renderPermissionsDoc(PERMISSIONS));
  });
});
