/** The `tailbound` executable (lib/cli.js): runs the command line and exits with its code. */
import { main } from './main';

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
process.exitCode = code;
