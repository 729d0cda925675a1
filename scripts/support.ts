/** `npm run support -- <command>`: the support tool (support/cli.ts). */
import { main } from '../support/cli.js';
import { withLocalStack } from './local-stack.js';
import { checkConfig, exitWith, inheritedEnv } from '../infra/config/load.js';

// Beside `npm start` no variable needs setting: what is unset comes from the file npm start keeps in DATA_DIR.
const { env: merged, note } = withLocalStack(inheritedEnv());
// On stderr, so --json output stays JSON.
if (note) console.error(note);
// Its variables checked at once (infra/config/schema.ts); the servers' ones are asked for by the commands that need them.
const { env, problems } = checkConfig('support', merged);
if (problems.length) exitWith('support tool', merged, problems);
process.exitCode = await main(process.argv.slice(2), env, { log: (t) => console.log(t), error: (t) => console.error(t) });
