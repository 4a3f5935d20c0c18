import { ConfigError, loadConfig } from '../../src/config.ts';

/** Why the configuration refuses `env` (its ConfigError's message); a test fails if it is accepted. */
export function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('accepted');
}
