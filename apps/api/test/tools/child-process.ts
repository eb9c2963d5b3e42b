import type { ChildProcess } from 'node:child_process';

/** Resolves with the exit code (null if a signal ended it) once the child has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((res) => child.once('exit', (code) => res(code)));
}
