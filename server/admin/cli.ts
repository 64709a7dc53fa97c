// `npm run admin -- <command>` (scripts/admin.ts): the office's operator commands against the
// RUNNING database, without a restart. Where the command runs:
// - DATABASE_URL set: on its own connection to PostgreSQL (any number of servers may be up).
// - else DATA_DIR (default ./data, as the server): the running server's operator socket
//   <DATA_DIR>/admin.sock (server/admin/socket.ts), since that server owns the PGlite data dir;
//   with no server answering there, on <DATA_DIR>/pglite itself.
// Exit 0 done, 1 refused or failed, 2 bad arguments; messages on stderr, results on stdout.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { hashPassword } from '../auth/password';
import { openDatabase } from '../db/client';
import { ADMIN_COMMANDS, AdminError, checkPassword, normalEmail, runAdmin, type AdminCommand, type AdminRequest, type AdminResult } from './operations';
import { operatorSocketPath } from './socket';

export const USAGE = `Usage: npm run admin -- <command>
  list-drivers                              every driver account: email, name, company, status
  remove-driver EMAIL                       remove the driver: its sessions end, it can no longer sign in
  reset-password EMAIL [--password NEW]     set a new password (printed when generated): every session ends
Runs on DATABASE_URL when set, else through the server running on DATA_DIR (default ./data),
else on DATA_DIR's PGlite itself.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

/** Parses argv (after the script's name) into a request; `generated` is true when the CLI made the password. */
export function parseArgs(argv: string[]): { request: AdminRequest; generated: boolean } {
  const [command, ...rest] = argv;
  if (!command) throw new UsageError('');
  if (!(ADMIN_COMMANDS as readonly string[]).includes(command)) throw new UsageError(`Unknown command ${JSON.stringify(command)}`);
  const positional: string[] = [];
  let password: string | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    if (arg === '--password') {
      if (i + 1 >= rest.length) throw new UsageError('--password needs a value');
      password = rest[(i += 1)];
    } else if (arg.startsWith('--password=')) password = arg.slice('--password='.length);
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  const wants = command === 'list-drivers' ? 0 : 1;
  if (positional.length !== wants) throw new UsageError(wants === 0 ? `${command} takes no email` : `${command} needs one EMAIL`);
  if (password !== undefined && command !== 'reset-password') throw new UsageError(`${command} takes no --password`);
  const request: AdminRequest = { command: command as AdminCommand };
  if (wants) request.email = normalEmail(positional[0]);
  if (command === 'reset-password') request.password = checkPassword(password ?? randomBytes(12).toString('base64url'));
  return { request, generated: command === 'reset-password' && password === undefined };
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    io.out(USAGE);
    return 0;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError || (err instanceof AdminError && err.code === 'InvalidArguments'))) throw err;
    if (err.message) io.err(err.message);
    io.err(USAGE);
    return 2;
  }
  try {
    const result = await execute(parsed.request, env);
    for (const line of describe(result, parsed)) io.out(line);
    return 0;
  } catch (err) {
    io.err(err instanceof AdminError || err instanceof CliFailure ? err.message : `The command failed: ${String(err)}`);
    return err instanceof AdminError && err.code === 'InvalidArguments' ? 2 : 1;
  }
}

class CliFailure extends Error {}

async function execute(request: AdminRequest, env: NodeJS.ProcessEnv): Promise<AdminResult> {
  if (env.DATABASE_URL) return direct(request, { databaseUrl: env.DATABASE_URL, applicationName: 'driver-app-admin' });
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const viaServer = await askServer(operatorSocketPath(dataDir), request);
  if (viaServer !== 'no server') return viaServer;
  const pgliteDir = join(dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new CliFailure(`No database in ${dataDir} (no ${pgliteDir}, no server answering): set DATA_DIR or DATABASE_URL`);
  return direct(request, { pgliteDir });
}

async function direct(request: AdminRequest, where: { databaseUrl?: string; pgliteDir?: string; applicationName?: string }): Promise<AdminResult> {
  const database = await openDatabase(where);
  try {
    return await runAdmin({ db: database.db, hash: hashPassword }, request);
  } finally {
    await database.close();
  }
}

/** The server's answer over its operator socket, or 'no server' when nothing listens there. */
function askServer(path: string, request: AdminRequest): Promise<AdminResult | 'no server'> {
  return new Promise((done, fail) => {
    const body = JSON.stringify(request);
    const req = httpRequest(
      { socketPath: path, method: 'POST', path: '/', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            const answer = JSON.parse(text) as AdminResult | { error: AdminError['code']; message: string };
            if (res.statusCode === 200) done(answer as AdminResult);
            else if ('error' in answer) fail(new AdminError(answer.error, answer.message));
            else fail(new CliFailure(`The server answered ${res.statusCode}`));
          } catch {
            fail(new CliFailure(`The server answered ${res.statusCode} with no readable body`));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // No socket, or one a killed server left: nobody owns the data dir.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') done('no server');
      else if (err.code === 'EACCES') fail(new CliFailure(`Permission denied on ${path}: run this as the user the server runs as`));
      else fail(new CliFailure(`The running server's operator socket ${path} failed: ${err.message}`));
    });
    req.end(body);
  });
}

function describe(result: AdminResult, parsed: { request: AdminRequest; generated: boolean }): string[] {
  switch (result.command) {
    case 'list-drivers': {
      const rows = result.drivers.map((d) => [d.email, d.name, d.company, d.removedAt ? `removed ${d.removedAt}` : 'active']);
      const table = [['EMAIL', 'NAME', 'COMPANY', 'STATUS'], ...rows];
      const widths = [0, 1, 2].map((c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
      return table.map((r) => r.map((cell, c) => (c < 3 ? cell.padEnd(widths[c] ?? 0) : cell)).join('  '));
    }
    case 'remove-driver':
      return [`Removed ${result.email}: its sessions end on their next call and it can no longer sign in.`];
    case 'reset-password':
      return [
        ...(parsed.generated ? [`New password for ${result.email}: ${parsed.request.password ?? ''}`] : [`New password set for ${result.email}.`]),
        'Every session of the account has ended.',
      ];
  }
}
