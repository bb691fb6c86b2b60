// Development: the API server on :3001 (restarted on change) and Vite's dev server on :3000,
// which forwards the server's paths to it (dev-proxy.ts). Stops both on Ctrl-C.
import { spawn } from 'node:child_process';

import { DEV_API_PORT } from './dev-proxy.ts';

const server = spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(DEV_API_PORT) },
});
const web = spawn('vite', ['--port', '3000', '--strictPort'], { stdio: 'inherit' });

const stop = () => {
  server.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', stop);
web.on('exit', stop);
