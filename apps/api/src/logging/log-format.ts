import type { LogFormatSetting } from '../config/config';

/** How log lines are written: one JSON object per line, or readable lines (pino-pretty). */
export type LogFormat = 'json' | 'pretty';

/**
 * `LOG_FORMAT=json|pretty` forces a format; `auto` (the default) gives readable lines when standard output is a
 * terminal (`npm start` by hand) and JSON lines otherwise (a container, systemd, a pipe, a log collector).
 */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTTY: boolean | undefined): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTTY === true ? 'pretty' : 'json';
}
