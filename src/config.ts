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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Pause before a computer player moves, so humans can follow (milliseconds). */
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Seats that can only pass a reaction window are passed after a random delay in this range. */
  AUTO_PASS_MIN_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  AUTO_PASS_MAX_MS: z.coerce.number().int().min(0).max(3_600_000).default(8000),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.AUTO_PASS_MAX_MS < c.AUTO_PASS_MIN_MS)
    throw new ConfigError('invalid configuration:\n  AUTO_PASS_MAX_MS: must not be below AUTO_PASS_MIN_MS');
  return c;
}
