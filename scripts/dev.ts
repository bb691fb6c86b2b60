// Development: the API server on :3001 (restarted on change) and Vite's dev server on :3000,
// which proxies the API paths to it. Stops both on Ctrl-C.
import { spawn } from 'node:child_process';

const server = spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: '3001' },
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
