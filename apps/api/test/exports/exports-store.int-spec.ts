import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XLSX_MIME } from '@depot/contracts';
import { eq } from 'drizzle-orm';
import { exportFiles } from '../../src/db/schema';
import { ExportFilesRepository, STORE_SLICE_BYTES } from '../../src/modules/exports/export-files.repository';
import { startTestDepot, type TestDepot } from '../harness';
import { exportCalls } from './exports.kit';

/**
 * Export jobs store the file they wrote to disk a slice at a time (decision 0095): a file of several slices is
 * stored byte for byte, and a file that does not match its stated size is not stored at all.
 */
describe('export files stored from disk in slices', () => {
  let t: TestDepot;
  let dir: string;
  const call = exportCalls(() => t);

  beforeAll(async () => {
    t = await startTestDepot();
    dir = await mkdtemp(join(tmpdir(), 'depot-store-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  const fileOf = async (name: string, content: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  };
  const meta = (ownerUserId: string, size: number) => ({
    ownerUserId,
    entity: 'parcels',
    fileName: 'parcels-2026-11-22.xlsx',
    mimeType: XLSX_MIME,
    size,
    expiresAt: new Date(Date.now() + 60_000),
  });

  it.each([
    ['several slices and a part', 2 * STORE_SLICE_BYTES + 12_345],
    ['exactly one slice', STORE_SLICE_BYTES],
    ['a small file', 10],
    ['an empty file', 0],
  ])('a file of %s is stored whole and downloads byte for byte', async (name, size) => {
    const owner = await t.userWithToken('admin');
    const content = randomBytes(size);
    const repo = t.depot.app.get(ExportFilesRepository);
    const stored = await repo.insertFromFile(meta(owner.id, size), await fileOf(name, content));
    const res = await call.download(owner.token, `/api/export/file/${stored.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(Buffer.compare((res.body as Buffer | undefined) ?? Buffer.alloc(0), content)).toBe(0);
  });

  it('stores nothing when the file is not the size it was said to be', async () => {
    const owner = await t.userWithToken('admin');
    const repo = t.depot.app.get(ExportFilesRepository);
    const path = await fileOf('short', randomBytes(100));
    await expect(repo.insertFromFile(meta(owner.id, 101), path)).rejects.toThrow('stored 100 of 101 bytes');
    const rows = await t.depot.runtime.db
      .select({ id: exportFiles.id })
      .from(exportFiles)
      .where(eq(exportFiles.ownerUserId, owner.id));
    expect(rows).toEqual([]);
  });
});
