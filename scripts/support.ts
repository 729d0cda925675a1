/** `npm run support -- <command>`: the support tool (support/cli.ts). */
import { main } from '../support/cli.js';
import { withLocalStack } from './local-stack.js';

// Beside `npm start` no variable needs setting: what is unset comes from the file npm start keeps in DATA_DIR.
const { env, note } = withLocalStack(process.env);
// On stderr, so --json output stays JSON.
if (note) console.error(note);
process.exitCode = await main(process.argv.slice(2), env, { log: (t) => console.log(t), error: (t) => console.error(t) });
