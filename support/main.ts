/** The support tool's entry in the image (`node dist/support.js <command>`): the environment only, no local-stack file. */
import { main } from './cli.js';
import { checkConfig, exitWith, inheritedEnv } from '../infra/config/load.js';

// Its variables checked at once (infra/config/schema.ts); the servers' ones are asked for by the commands that need them.
const { env, problems } = checkConfig('support', inheritedEnv());
if (problems.length) exitWith('support tool', inheritedEnv(), problems);
process.exitCode = await main(process.argv.slice(2), env, { log: (t) => console.log(t), error: (t) => console.error(t) });
