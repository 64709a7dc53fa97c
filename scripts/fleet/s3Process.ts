// `node --import tsx scripts/fleet/s3Process.ts [prefix]`: the fleet's S3-compatible bucket
// (s3rver, test/support/s3Server.ts) in a process of its own, so its CPU is not the load
// generator's. Prints the S3_* environment of the servers that use it as one JSON line, and
// stops (removing its files) on SIGTERM or SIGINT.
import { startTestS3 } from '../../test/support/s3Server';

const s3 = await startTestS3();
console.log(JSON.stringify(s3.env(process.argv[2] ?? '')));
const stop = (): void => {
  s3.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
