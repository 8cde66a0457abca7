import { startFarhaServer } from './support/farha-server.ts';
const t0 = Date.now();
const server = await startFarhaServer();
console.log('server up in', Date.now() - t0, 'ms');
await server.stop();
