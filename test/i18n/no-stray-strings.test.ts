import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence a player reads comes from the message catalogues (assets/i18n), so that it exists in
 * every language. This scans the table layer — the adapters, the Discord layer and the slash
 * commands, where player-facing text is assembled — for string literals that read as prose. What may
 * stay is listed below with the reason; the rules libraries' own sentences are checked by their tests
 * (every log line, question, option and refusal carries a message).
 */
const ROOTS = ['src/adapters', 'src/discord', 'commands'];
const ROOT = new URL('../..', import.meta.url).pathname;

/** Literals that may stay, by file and text, each with why. */
const ALLOWED: readonly { file: string; text: RegExp; why: string }[] = [
  {
    file: 'src/adapters/valley/index.ts',
    text: /^Open a lobby for a new game of Valley of the Kings$/,
    why: 'the lobby command’s registered description, replaced from cmd.lobby.description',
  },
  {
    file: 'src/adapters/archaeology/index.ts',
    text: /^Open a lobby for a new game of Archaeology$/,
    why: 'the lobby command’s registered description, replaced from cmd.lobby.description',
  },
  {
    file: 'src/discord/slash-command.ts',
    text: /^Which game \(/,
    why: 'the `game` option’s registered description, replaced from cmd.*.game.description',
  },
  {
    file: 'src/discord/channel-access.ts',
    text: /^Send Messages in Threads$/,
    why: 'a permission’s English name, the key of its catalogue entry (perm.*)',
  },
  {
    file: 'src/adapters/think-worker.ts',
    text: /^(not asked to|no thread id in \/proc\/thread-self)$/,
    why: 'why a thinking thread kept its priority, for the pool’s warning to operators',
  },
  {
    file: 'src/adapters/thinking-pool.ts',
    text: /^thinking threads keep their priority/,
    why: 'a warning for operators, given to the bot’s log',
  },
  {
    file: 'src/adapters/thinking-pool.ts',
    text: /^( while it started|\$\{error\.message\} \(it had no job\))$/,
    why: 'why a thinking thread was lost, for the pool’s warning to operators',
  },
  {
    file: 'src/discord/computer-players.ts',
    text: /^(a computer seat stayed due past its limit|the thinking pool had not answered \$\{limit\} ms)/,
    why: 'the watchdog’s line in the bot’s log, and its error there, for operators',
  },
  {
    file: 'src/discord/turn-plan.ts',
    text: /^game over$/,
    why: 'why a scheduled row closed, stored for operators, never shown to players',
  },
  {
    file: 'src/discord/scheduler.ts',
    text: /^(channel gone|the game's channel is gone: its schedule is cancelled|no handler)$/,
    why: 'why a scheduled row closed, stored for operators, never shown to players',
  },
  {
    file: 'src/discord/turn-timers.ts',
    text: /^game over$/,
    why: 'why scheduled rows closed, stored for operators',
  },
];

const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
/** Two words, the second in lower case: prose, not an id, a key or a single label word. */
const PROSE = /[A-Za-z]{2,} [a-z]{2,}/;

/**
 * Command definitions keep an English text for Discord's registration that the catalogues replace
 * (cmd.*, see command-definitions.test.ts): allowed when it is one of the catalogue's English texts.
 */
const shape = (text: string) =>
  text
    .replace(/\$\{[^}]*\}/g, '…')
    .replace(/\{[a-z]+\}/g, '…')
    .replace(/…+/g, '…');
const english = JSON.parse(readFileSync(join(ROOT, 'assets/i18n/en.json'), 'utf8')) as Record<string, string>;
const registered = Object.entries(english)
  .filter(([key]) => key.startsWith('cmd.'))
  .map(([, text]) => shape(text));
const isRegistered = (text: string) => registered.some((r) => r.includes(shape(text)));

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Prose literals outside comments, imports, errors for developers and operators' logs. */
function strays(file: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const t = line.trim();
    if (/^(\/\/|\*|\/\*|import )/.test(t)) return;
    // Errors for developers (bugs) and log lines for operators are not read by players.
    const context = `${lines[i - 1] ?? ''}\n${line}`;
    if (/new (?:[A-Z]\w*)?Error\(/.test(context)) return;
    if (/\blog\.(info|warn|error|debug)\(|\.log\.(info|warn|error|debug)\(/.test(context)) return;
    for (const m of line.matchAll(LITERAL)) {
      const text = m[2] ?? '';
      if (PROSE.test(text.replace(/\$\{[^}]*\}/g, ''))) out.push({ line: i + 1, text });
    }
  });
  return out;
}

describe('player-facing text', () => {
  it('is written in the catalogues, not in the code of the table layer', () => {
    const found: string[] = [];
    for (const root of ROOTS)
      for (const file of files(root))
        for (const s of strays(file))
          if (
            !ALLOWED.some((a) => file.startsWith(a.file) && a.text.test(s.text)) &&
            !(file.startsWith('commands/') && isRegistered(s.text))
          )
            found.push(`${file}:${s.line}: ${s.text}`);
    expect(found).toEqual([]);
  });

  it('the scan finds prose where there is some (it would catch a sentence written in code)', () => {
    // The scanner itself, on a known sentence: a test that could not fail would prove nothing.
    const sample = "const x = 'It is your turn, press the button';";
    expect([...sample.matchAll(LITERAL)].some((m) => PROSE.test(m[2] ?? ''))).toBe(true);
    expect(
      [...'const k = "valley.hand.end-turn";'.matchAll(LITERAL)].some((m) => PROSE.test(m[2] ?? '')),
    ).toBe(false);
  });
});
