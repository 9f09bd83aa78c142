// Times the original game's generator alone, on the mansions `cargo bench` builds: `node time.mjs
// 2023|2025 BUNDLE [ROUNDS]`. 2025: the plans of the runs 'game 1' … 'game 100' are drawn outside the
// timed region, then createGameMap runs over their 1,000 plans (`cargo bench --bench lll2025`, `all`).
// 2023: games 1–64 seeded as the exact mode (Math.random = mulberry32(g)), each plan and its ten
// createGameMap calls (`cargo bench --bench generate`, `campaign/plan+10-levels`). Each round prints the
// wall and cpu (user + system) time per mansion; the first round includes the JIT's warm-up.
import './headless.mjs';

const [version, bundle, rounds = '5'] = process.argv.slice(2);
const G = await import(new URL(bundle, `file://${process.cwd()}/`).href);

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let work;
if (version === '2025') {
  const plans = [];
  for (let g = 1; g <= 100; g++) {
    plans.push(...G.createMap.createGameMapRoughPlans(10, 100, new G.random.RNG('game ' + g), undefined));
  }
  work = () => plans.reduce((n, plan) => n + G.createMap.createGameMap(plan).items.length, 0);
  work.mansions = plans.length;
} else {
  work = () => {
    let n = 0;
    for (let g = 1; g <= 64; g++) {
      Math.random = mulberry32(g);
      const plans = G.createGameMapRoughPlans(10, 100);
      for (let level = 0; level < 10; level++) n += G.createGameMap(level, plans[level]).items.length;
    }
    return n;
  };
  work.mansions = 640;
}
for (let r = 0; r < Number(rounds); r++) {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const items = work();
  const ms = Number(process.hrtime.bigint() - wall) / 1e6 / work.mansions;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1e3 / work.mansions;
  console.log(
    `${version} round ${r}: ${work.mansions} mansions, ${ms.toFixed(2)} ms wall, ${cpuMs.toFixed(2)} ms cpu each (${items} items)`,
  );
}
