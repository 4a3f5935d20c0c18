import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { refusal } from '../helpers/config-refusal.ts';

const TOKEN = { DISCORD_TOKEN: 'token' };

describe('the operator port in the configuration', () => {
  it('is off unless OPS_PORT is set; OPS_HOST is unset (127.0.0.1) unless given', () => {
    const plain = loadConfig(TOKEN);
    expect([plain.OPS_PORT, plain.OPS_HOST]).toEqual([undefined, undefined]);
    expect(loadConfig({ ...TOKEN, OPS_PORT: '9464' }).OPS_PORT).toBe(9464);
    for (const host of ['127.0.0.1', '0.0.0.0', '::1', 'localhost', 'ops.example.internal'])
      expect(loadConfig({ ...TOKEN, OPS_PORT: '9464', OPS_HOST: host }).OPS_HOST).toBe(host);
  });

  it('refuses a port that is not one, naming OPS_PORT', () => {
    for (const bad of ['0', '65536', '-1', 'http', '94.64'])
      expect(refusal({ ...TOKEN, OPS_PORT: bad })).toMatch(
        /OPS_PORT: must be (a|a whole) port number, 1 to 65535/,
      );
  });

  it('refuses a host that is not an address or a name, naming OPS_HOST', () => {
    for (const bad of ['http://127.0.0.1', '127.0.0.1:9464', 'two words', '-dash.example'])
      expect(refusal({ ...TOKEN, OPS_PORT: '9464', OPS_HOST: bad })).toMatch(
        /OPS_HOST: must be an IP address/,
      );
  });

  it('refuses OPS_HOST without OPS_PORT, and OPS_PORT for the local table', () => {
    expect(refusal({ ...TOKEN, OPS_HOST: '0.0.0.0' })).toMatch(/OPS_HOST needs OPS_PORT/);
    expect(refusal({ OPS_PORT: '9464' })).toMatch(/OPS_PORT needs DISCORD_TOKEN/);
  });

  it("a ShardingManager's child leaves the port to the manager", () => {
    const child = loadConfig({ ...TOKEN, SHARDING_MANAGER: 'true', OPS_PORT: '9464', OPS_HOST: '0.0.0.0' });
    expect([child.OPS_PORT, child.OPS_HOST]).toEqual([undefined, undefined]);
  });
});
