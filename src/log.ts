import { type Logger, pino } from 'pino';

/** Structured logs on stderr (stdout stays free for commands that print results). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'scarab' } }, pino.destination(2));
}
