// `npm run admin -- <command>`: remove a driver, reset a password, list drivers, against the
// running database without downtime (server/admin/cli.ts says how; `npm run admin` for help).
import { runCli } from '../server/admin/cli';

runCli(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
