import { BENCH_API_TOKEN, buildDemoApp } from './demo-app.js';
const { app, close } = await buildDemoApp();
for (const u of process.argv.slice(2)) {
  const res = await app.inject({ url: u, headers: { authorization: `Bearer ${BENCH_API_TOKEN}` } });
  console.log(`--- ${u} (${res.body.length} B)\n${res.body}`);
}
await close();
