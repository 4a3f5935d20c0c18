/**
 * Discord's per-channel limits (5 messages per 5 s) would pace every end-to-end game at seconds per move.
 * Tests whose subject is something else run the loopback's limiter and the bot's pacer this many times
 * faster, the same counts in shorter windows, so a bot that overran a limit still meets the 429. The tests
 * about the limits pass nothing and keep Discord's speed. SCARAB_LIMIT_SCALE=1 runs every test at
 * Discord's speed.
 */
export const TEST_LIMIT_SCALE = limitScaleFromEnv(process.env.SCARAB_LIMIT_SCALE);

function limitScaleFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 50;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`SCARAB_LIMIT_SCALE must be a number ≥ 1 (1 is Discord's speed), got '${value}'`);
  }
  return scale;
}
