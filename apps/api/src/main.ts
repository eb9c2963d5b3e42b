import { loadConfig } from './config/config';
import { startDepot } from './app';
import { loggerFor } from './logging/logger';
import { startCarrierSandboxes, type CarrierSandboxes } from './sandbox/carrier-sandboxes';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  // Readable lines on a terminal, JSON lines otherwise (LOG_FORMAT forces either; decision 0106).
  const logger = loggerFor(config);
  let depot;
  let sandboxes: CarrierSandboxes | undefined;
  try {
    // With demo data and no carrier URL configured, the demo's carriers are local sandboxes (decision 0148).
    sandboxes = await startCarrierSandboxes(config, logger, config.sandboxStepMs);
    depot = await startDepot(sandboxes.config, logger);
  } catch (err) {
    logger.fatal({ err }, 'Depot could not start');
    process.stderr.write(`Depot could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  logger.info({ url: depot.url, mode: depot.runtime.mode, roles: config.roles }, 'Depot is listening');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    depot
      .close()
      .then(() => sandboxes?.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'unclean stop');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
