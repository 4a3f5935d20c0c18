/**
 * Runs the loopback on its own, for a bot in another process or a person with curl:
 * `npx tsx src/loopback/cli.ts [--port 8787] [--token T] [--ack-deadline-ms N] [--recommended-shards N]
 * [--max-guilds-per-shard N]`.
 * Prints one JSON line with the URLs and token, then serves until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { LoopbackDiscord } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'ack-deadline-ms': { type: 'string' },
    'recommended-shards': { type: 'string' },
    'max-guilds-per-shard': { type: 'string' },
  },
});

const loopback = await LoopbackDiscord.start({
  port: Number(values.port),
  host: values.host,
  ...(values.token ? { token: values.token } : {}),
  ...(values['ack-deadline-ms'] ? { ackDeadlineMs: Number(values['ack-deadline-ms']) } : {}),
  ...(values['recommended-shards'] ? { recommendedShards: Number(values['recommended-shards']) } : {}),
  ...(values['max-guilds-per-shard'] ? { maxGuildsPerShard: Number(values['max-guilds-per-shard']) } : {}),
});
process.stdout.write(
  `${JSON.stringify({
    url: loopback.url,
    restApi: loopback.restApi,
    gatewayUrl: loopback.gatewayUrl,
    control: `${loopback.url}/_loopback`,
    token: loopback.token,
  })}\n`,
);

const stop = () => {
  loopback.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
