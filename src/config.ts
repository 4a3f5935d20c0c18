import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Configuration from the environment (and `.env`, loaded by main.ts). Every variable is documented in
 * `.env.example`. A bad value stops startup with a message naming the variable.
 */
const schema = z.object({
  DISCORD_TOKEN: z.string().min(1).optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{17,20}$/, 'must be a Discord snowflake')
    .optional(),
  DISCORD_DEV_GUILD_ID: z
    .string()
    .regex(/^\d{17,20}$/, 'must be a Discord snowflake')
    .optional(),
  /** REST base URL of a Discord-compatible server (the loopback server); unset for real Discord. */
  DISCORD_API_URL: z.url().optional(),
  DATABASE_PATH: z.string().min(1).default('./data/scarab.db'),
  /** PostgreSQL instead of the SQLite file (shards on several machines share it): postgres://user:pass@host/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// (or postgresql://) URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Pause before a computer player moves, so humans can follow (milliseconds). */
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Seats that can only pass a reaction window are passed after a random delay in this range. */
  AUTO_PASS_MIN_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  AUTO_PASS_MAX_MS: z.coerce.number().int().min(0).max(3_600_000).default(8000),
  /**
   * How many nice steps the threads of thinking computers (Hard) run below the bot's own thread (Linux), so
   * that clicks go first on busy cores. 0 keeps them equal; 19 would starve them on a busy machine.
   */
  THINKING_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Sharded on one machine: discord.js's ShardingManager starts this many shard processes ('auto': Discord's count). */
  SHARDS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(16_384)]).optional(),
  /** Sharded over several machines: the shards this process runs ("0,1") of SHARD_COUNT in all. */
  SHARD_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be shard numbers separated by commas, e.g. 0,1')
    .optional(),
  SHARD_COUNT: z.coerce.number().int().min(1).max(16_384).optional(),
  /**
   * On SIGTERM/SIGINT the bot finishes what is under way and exits 0 within this bound (ms); past it, or on a
   * second signal, it exits 1 at once, logging what was still running (src/graceful-stop.ts).
   */
  STOP_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** The operator's HTTP port (/livez, /readyz, /metrics); unset: no such server. */
  OPS_PORT: z.coerce
    .number({ error: 'must be a port number, 1 to 65535' })
    .int('must be a whole port number, 1 to 65535')
    .min(1, 'must be a port number, 1 to 65535')
    .max(65535, 'must be a port number, 1 to 65535')
    .optional(),
  /** The address the operator's port listens on: loopback unless the operator opens it wider. */
  OPS_HOST: z
    .string()
    .refine(
      (h) =>
        isIP(h) !== 0 ||
        /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(h),
      'must be an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name',
    )
    .optional(),
});

export type Config = z.infer<typeof schema>;

/** Every variable the configuration reads (each documented in `.env.example`). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Config)[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** How the gateway is run: one shard, a ShardingManager of N (or 'auto'), or given shards of a count. */
export type Sharding =
  | { readonly mode: 'single' }
  | { readonly mode: 'manager'; readonly shards: 'auto' | number }
  | { readonly mode: 'fixed'; readonly ids: readonly number[]; readonly count: number };

/**
 * discord.js sets these in a ShardingManager's children, and their Client reads them itself. The operator
 * port is the manager's: its children answer it over IPC (src/ops/shard-ops.ts) and must not listen too.
 */
const SHARD_CHILD_VARIABLES = ['SHARDS', 'SHARD_IDS', 'SHARD_COUNT', 'OPS_PORT', 'OPS_HOST'];

/** Where the operator port listens unless OPS_HOST says otherwise: this machine only. */
export const DEFAULT_OPS_HOST = '127.0.0.1';

export function shardingOf(c: Config): Sharding {
  if (c.SHARDS !== undefined) return { mode: 'manager', shards: c.SHARDS };
  if (c.SHARD_IDS !== undefined && c.SHARD_COUNT !== undefined)
    return { mode: 'fixed', ids: c.SHARD_IDS.split(',').map(Number), count: c.SHARD_COUNT };
  return { mode: 'single' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const child = env.SHARDING_MANAGER === 'true';
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== '' && !(child && SHARD_CHILD_VARIABLES.includes(k))),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.AUTO_PASS_MAX_MS < c.AUTO_PASS_MIN_MS)
    throw new ConfigError('invalid configuration:\n  AUTO_PASS_MAX_MS: must not be below AUTO_PASS_MIN_MS');
  if (c.DATABASE_URL && !c.DISCORD_TOKEN)
    throw new ConfigError(
      'invalid configuration:\n  DATABASE_URL needs DISCORD_TOKEN: the local table keeps its games in its SQLite file',
    );
  if (c.OPS_HOST !== undefined && c.OPS_PORT === undefined)
    throw new ConfigError(
      'invalid configuration:\n  OPS_HOST needs OPS_PORT: without a port there is no operator server',
    );
  if (c.OPS_PORT !== undefined && !c.DISCORD_TOKEN)
    throw new ConfigError(
      'invalid configuration:\n  OPS_PORT needs DISCORD_TOKEN: the local table has no operator server',
    );
  const problem = shardingProblem(c);
  if (problem) throw new ConfigError(`invalid configuration:\n  ${problem}`);
  return c;
}

function shardingProblem(c: Config): string | null {
  const sharded = c.SHARDS !== undefined || c.SHARD_IDS !== undefined || c.SHARD_COUNT !== undefined;
  if (!sharded) return null;
  if (!c.DISCORD_TOKEN)
    return 'SHARDS, SHARD_IDS and SHARD_COUNT need DISCORD_TOKEN: the local table runs in one process';
  if (c.SHARDS !== undefined && (c.SHARD_IDS !== undefined || c.SHARD_COUNT !== undefined))
    return 'SHARDS: set either SHARDS (one machine) or SHARD_IDS with SHARD_COUNT (several machines), not both';
  if ((c.SHARD_IDS === undefined) !== (c.SHARD_COUNT === undefined))
    return 'SHARD_IDS and SHARD_COUNT go together: the shards this process runs, and how many there are in all';
  const ids = (c.SHARD_IDS ?? '').split(',').map(Number);
  const count = c.SHARD_COUNT ?? 1;
  const bad = ids.find((id) => id >= count);
  if (bad !== undefined)
    return `SHARD_IDS: shard ${bad} does not exist when SHARD_COUNT is ${count} (shards are 0 to ${count - 1})`;
  if (new Set(ids).size !== ids.length) return 'SHARD_IDS: a shard is listed twice';
  return null;
}
