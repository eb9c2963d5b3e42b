import { randomBytes } from 'node:crypto';
import { MESSAGES, XLSX_MIME } from '@depot/contracts';
import { exportFiles } from '../../src/db/schema';
import { DOWNLOAD_SLICE_BYTES } from '../../src/modules/exports/export-files.repository';
import { startTestDepot, type TestDepot } from '../harness';
import { expectErrorOf, exportCalls } from './exports.kit';

/**
 * GET /api/export/file/{id} reads the stored file a slice at a time (decision 0095): a file of several slices
 * arrives byte for byte, with its length, and the owner-only rule still holds.
 */
describe('export file downloads in slices', () => {
  let t: TestDepot;
  const call = exportCalls(() => t);

  beforeAll(async () => {
    t = await startTestDepot();
  });
  afterAll(async () => {
    await t.close();
  });

  const store = async (ownerUserId: string, content: Buffer) => {
    const [row] = await t.depot.runtime.db
      .insert(exportFiles)
      .values({
        ownerUserId,
        entity: 'parcels',
        fileName: 'przesyłki-2026-11-22.xlsx',
        mimeType: XLSX_MIME,
        size: content.length,
        content,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: exportFiles.id });
    return `/api/export/file/${row.id}`;
  };

  it.each([
    ['several slices and a part', 2 * DOWNLOAD_SLICE_BYTES + 12_345],
    ['exactly one slice', DOWNLOAD_SLICE_BYTES],
    ['a small file', 10],
  ])('a file of %s arrives whole, with its length and name', async (_case, size) => {
    const owner = await t.userWithToken('admin');
    const content = randomBytes(size);
    const url = await store(owner.id, content);
    const res = await call.download(owner.token, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''przesy%C5%82ki-2026-11-22.xlsx`);
    expect(Buffer.compare(res.body as Buffer, content)).toBe(0);
  });

  it("is not found for anyone but the owner, even with the file's id", async () => {
    const owner = await t.userWithToken('user');
    const other = await t.userWithToken('user');
    const url = await store(owner.id, randomBytes(DOWNLOAD_SLICE_BYTES + 1));
    expectErrorOf(await call.download(other.token, url), 404, 'Not Found', MESSAGES.exportFileNotFound);
    expect((await call.download(owner.token, url)).status).toBe(200);
  });
});
