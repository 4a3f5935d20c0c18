import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config.ts';
import { fromRoot } from '../../src/paths.ts';
import { refusal } from '../helpers/config-refusal.ts';

describe('the configuration', () => {
  it('documents every variable it reads in .env.example', () => {
    const example = readFileSync(fromRoot('.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('THINKING_NICE: thinking threads 10 nice steps below the bot by default, 0 to 19, else refused', () => {
    expect(loadConfig({}).THINKING_NICE).toBe(10);
    expect(loadConfig({ THINKING_NICE: '0' }).THINKING_NICE).toBe(0);
    expect(loadConfig({ THINKING_NICE: '19' }).THINKING_NICE).toBe(19);
    for (const bad of ['20', '-1', 'low', '2.5'])
      expect(refusal({ THINKING_NICE: bad })).toMatch(/THINKING_NICE/);
  });

  it('STOP_TIMEOUT_MS: the bound of an orderly stop, 30 s by default, 1 s to 10 min, else refused', () => {
    expect(loadConfig({}).STOP_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({ STOP_TIMEOUT_MS: '5000' }).STOP_TIMEOUT_MS).toBe(5_000);
    for (const bad of ['999', '600001', 'soon', '2.5'])
      expect(refusal({ STOP_TIMEOUT_MS: bad })).toMatch(/STOP_TIMEOUT_MS/);
  });
});
