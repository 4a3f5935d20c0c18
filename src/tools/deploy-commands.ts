/**
 * `npm run deploy-commands`: registers the slash commands with Discord — in DISCORD_DEV_GUILD_ID when
 * set (instant, for development), otherwise globally (production; Discord may take a while to show them).
 */
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { ConfigError, loadConfig } from '../config.ts';

try {
  const config = loadConfig();
  if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
    process.stderr.write(
      'deploy-commands: set DISCORD_TOKEN and DISCORD_APPLICATION_ID (see .env.example)\n',
    );
    process.exit(2);
  }
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(
    config.DISCORD_TOKEN,
  );
  const app = config.DISCORD_APPLICATION_ID;
  const guild = config.DISCORD_DEV_GUILD_ID;
  const route = guild ? Routes.applicationGuildCommands(app, guild) : Routes.applicationCommands(app);
  // The commands `npm start` hosts: those of the installed games (src/main.ts chooses the same).
  const definitions = hostedGames(installedAdapters()).commands.map((c) => c.data);
  const saved = (await rest.put(route, { body: definitions })) as unknown[];
  console.log(`registered ${saved.length} commands ${guild ? `in guild ${guild}` : 'globally'}`);
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`deploy-commands: ${e.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`deploy-commands: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
