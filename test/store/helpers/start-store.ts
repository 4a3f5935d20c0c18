/** A stand-in for the bot's entry point: open the store from the environment, say "ready". */
import { openStoreOrExit } from '../../../src/store/startup.ts';

const store = openStoreOrExit();
process.stdout.write(`ready ${store.countGames()}\n`);
store.database.close();
