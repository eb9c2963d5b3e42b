import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { ViesClient } from './vies.client';

/** The adapter's failure paths (its answers are covered against the fake VIES in apps/api/test). */

const logger = { warn: jest.fn() } as unknown as Logger;
const client = (viesUrl: string | undefined, viesTimeoutMs = 1000) =>
  new ViesClient({ viesUrl, viesTimeoutMs } as AppConfig, logger);

describe('ViesClient', () => {
  it('without VIES_URL answers "not configured" and asks nobody', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    expect(await client(undefined).check('PL', '5260001246')).toEqual({
      outcome: 'unavailable',
      reason: 'NOT_CONFIGURED',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  describe('against a local server', () => {
    let server: Server;
    let url: string;
    let answer: (res: ServerResponse) => void;
    beforeAll(async () => {
      server = createServer((_req, res) => answer(res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('takes a non-JSON error page as no answer', async () => {
      answer = (res) => {
        res.writeHead(503, { 'Content-Type': 'text/html' });
        res.end('<html>Service Unavailable</html>');
      };
      expect(await client(url).check('PL', '5260001246')).toEqual({
        outcome: 'unavailable',
        reason: 'HTTP_503',
      });
    });

    it('gives up after the timeout', async () => {
      answer = () => undefined;
      expect(await client(url, 150).check('PL', '5260001246')).toEqual({
        outcome: 'unavailable',
        reason: 'TIMEOUT',
      });
    });
  });

  it('reports a refused connection', async () => {
    // Nothing listens on a port just released.
    const s = createServer();
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const { port } = s.address() as AddressInfo;
    await new Promise((resolve) => s.close(resolve));
    expect(await client(`http://127.0.0.1:${port}`).check('PL', '5260001246')).toEqual({
      outcome: 'unavailable',
      reason: 'CONNECTION_FAILED',
    });
  });
});
