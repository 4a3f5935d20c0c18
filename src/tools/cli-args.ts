/** A bad command line: the message says what is wrong; an empty one asks for the usage text alone. */
export class UsageError extends Error {}

export function intArg(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text))
    throw new UsageError(`${name} needs a whole number, got '${text ?? ''}'`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** `--players 4`, a range `2-6` or a list `2,4,6`, each within [min, max]. */
export function playersArg(v: string, min: number, max: number): number[] {
  const range = /^(\d)-(\d)$/.exec(v);
  const list = range
    ? Array.from(
        { length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) },
        (_, k) => Number(range[1]) + k,
      )
    : v.split(',').map((x) => intArg('--players', x, min, max));
  if (list.length === 0 || list.some((n) => n < min || n > max))
    throw new UsageError(`--players must be ${min} to ${max} (or a range within ${min}-${max}), got '${v}'`);
  return list;
}

/**
 * Calls `on(flag, value)` for each argument, `--flag value` or `--flag=value` alike; `value()` takes the
 * flag's value, refusing a missing one.
 */
export function eachFlag(
  args: readonly string[],
  on: (flag: string, value: () => string, arg: string) => void,
): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--')))
        throw new UsageError(`${flag} needs a value`);
      return v;
    };
    on(flag as string, value, arg);
  }
}
