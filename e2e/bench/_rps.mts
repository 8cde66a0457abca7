import autocannon from 'autocannon';
import { startFarhaServer } from '../support/farha-server.ts';
const s = await startFarhaServer();
try {
  for (let i = 0; i < 3; i++) { const t0 = performance.now(); const r = await fetch(`${s.url}/`, { headers: { 'accept-encoding': 'br' } }); await r.arrayBuffer(); console.log('seq', i, r.status, Math.round(performance.now() - t0), 'ms', r.headers.get('content-length')); }
  const res = await autocannon({ url: `${s.url}/`, duration: 3, connections: 50, headers: { 'accept-encoding': 'br, gzip' } });
  console.log('rps', res.requests.average, 'p99', res.latency.p99, 'non2xx', res.non2xx, 'errors', res.errors);
} finally { await s.stop(); }
