/** Running TypeScript in child processes, as the bot and the CLI really run. */
import { type SpawnOptions, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledChild } from '../../helpers/bundled-child.ts';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
export const REGISTER_DICE_RACE = fileURLToPath(
  new URL('../../fixtures/register-dice-race.ts', import.meta.url),
);
// Resolved here so that a child started in another directory still finds the loader.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  imports?: readonly string[];
  spawn?: SpawnOptions;
}

/** `node --import tsx [--import ...] <script> ...args`, collecting its output until it exits. */
export function runTs(
  script: string,
  args: readonly string[] = [],
  options: RunOptions = {},
): Promise<ChildResult> {
  const imports = [TSX, ...(options.imports ?? [])].flatMap((i) => ['--import', i]);
  return runNode([...imports, script, ...args], options);
}

/**
 * `runTs` as `npm start` runs the bot: the script and its imports bundled (bundled-child.ts), under plain
 * Node. For children whose subject is what the code does, not how `npm run <tool>` starts it.
 */
export async function runBundled(
  script: string,
  args: readonly string[] = [],
  options: RunOptions = {},
): Promise<ChildResult> {
  return runNode([await bundledChild(script, options.imports), ...args], options);
}

function runNode(nodeArgs: readonly string[], options: RunOptions): Promise<ChildResult> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: REPO,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.spawn,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * File permissions do not stop root, so when the tests run as root the children that must meet a
 * permission error run as `nobody`.
 */
export const UNPRIVILEGED: SpawnOptions = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
