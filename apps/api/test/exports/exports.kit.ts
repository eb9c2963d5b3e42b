import * as ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import type { Role } from '@depot/contracts';
import type { TestDepot } from '../harness';

/** Shared by the exports suites: binary replies, opening the xlsx, calling the export endpoints. */

export const UNKNOWN_ID = '6f1c4f0e-3b8a-4c1e-9d7a-2b4f5e6a7c8d';
export const ROLES_ALL: Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];

/** supertest parser that keeps the body as a Buffer (xlsx replies). */
export function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The single worksheet of an xlsx reply. */
export async function sheetOf(content: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ExcelJS.Buffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0];
}

/** The header row and the values of one column (by header), top to bottom. */
export async function columnOf(content: Buffer, header: string): Promise<unknown[]> {
  const ws = await sheetOf(content);
  const headers = (ws.getRow(1).values as unknown[]).slice(1);
  const index = headers.indexOf(header);
  expect(index).toBeGreaterThanOrEqual(0);
  const values: unknown[] = [];
  for (let r = 2; r <= ws.rowCount; r++) values.push(ws.getRow(r).getCell(index + 1).value);
  return values;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Asserts a direct xlsx reply (200, type, dated file name) and returns its content. */
export function expectXlsx(res: Response, stem: string): Buffer {
  expect({ status: res.status, type: res.headers['content-type'] }).toEqual({ status: 200, type: XLSX_TYPE });
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${stem}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"; filename\\*=UTF-8''${stem}-`),
  );
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as Buffer;
}

export function exportCalls(t: () => TestDepot) {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  return {
    bearer,
    /** POST /api/client/exportToXlsx */
    clients: (token: string, body: unknown) =>
      t()
        .http()
        .post('/api/client/exportToXlsx')
        .set(bearer(token))
        .send(body as object)
        .buffer(true)
        .parse(binary),
    /** POST /api/{path}/mass/action */
    mass: (token: string, body: unknown, path = 'client') =>
      t()
        .http()
        .post(`/api/${path}/mass/action`)
        .set(bearer(token))
        .send(body as object)
        .buffer(true)
        .parse(binary),
    /** POST /api/{path}/export/{actionName} */
    generic: (token: string, body: unknown, actionName = 'selectedClientsExportToXls', path = 'client') =>
      t()
        .http()
        .post(`/api/${path}/export/${actionName}`)
        .set(bearer(token))
        .send(body as object)
        .buffer(true)
        .parse(binary),
    download: (token: string, url: string) =>
      t().http().get(url).set(bearer(token)).buffer(true).parse(binary),
  };
}

/** A JSON error body of a reply that was parsed as binary. */
export const jsonOf = (res: Response): unknown => JSON.parse((res.body as Buffer).toString('utf8'));

/** An error reply (parsed as binary): exactly this status, error and message; details when given. */
export function expectErrorOf(
  res: Response,
  statusCode: number,
  error: string,
  message: string,
  detail?: { path: string; message: string },
): void {
  expect(res.status).toBe(statusCode);
  const body = jsonOf(res) as Record<string, unknown>;
  if (detail) {
    expect(body).toEqual({ statusCode, error, message, details: expect.any(Array) });
    expect((body.details as unknown[])[0]).toEqual(detail);
  } else {
    expect(body).toEqual({ statusCode, error, message });
  }
}
