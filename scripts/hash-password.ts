// Prints the SITE_PASSWORD_HASH value of a site password (scrypt, N=2^17, r=8, p=1), so only
// the hash goes into the configuration: `npm run -s hash-password` asks for the password
// without echoing it (twice, on a terminal), or reads it from standard input when piped;
// `npm run -s hash-password -- 'the password'` takes it from the argument instead (it then
// shows in the shell's history and the process list).
import { MIN_PASSWORD_LENGTH } from '../src/server/config/env.ts';
import { hashPassword } from '../src/server/http/password-hash.ts';

const MAX_LENGTH = 200;

/** Reads one line from the terminal with echo off; Ctrl-C or Ctrl-D gives up. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let text = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error === undefined) resolve(text);
      else reject(error);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') text = [...text].slice(0, -1).join('');
        else if (char >= ' ') text += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break is the pipe's, not the password's.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function readPassword(): Promise<string> {
  const argument = process.argv[2];
  if (argument !== undefined) return argument;
  if (!process.stdin.isTTY) return readPiped();
  const password = await askHidden('Site password: ');
  const again = await askHidden('Once more: ');
  if (again !== password) throw new Error('the two passwords differ');
  return password;
}

try {
  const password = await readPassword();
  if (password === '') throw new Error('the password is empty');
  if (password.length > MAX_LENGTH)
    throw new Error(`the password is over ${MAX_LENGTH} characters`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    process.stderr.write(
      `Warning: shorter than ${MIN_PASSWORD_LENGTH} characters; use at least ${MIN_PASSWORD_LENGTH} random characters.\n`,
    );
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
} catch (error) {
  process.stderr.write(
    `hash-password: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
