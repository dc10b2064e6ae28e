// The cost of the nested plan (format 1.2) against what the flat one needed,
// measured in the same run, as ratios:
//   - rendering: formatPlanText over a plan of 200 commands, each with an
//     option inserted in the middle, a long description changed and a choice
//     added, against JSON.stringify of the same plan (the floor any output
//     must pay: walking the plan once);
//   - plan file size: the 1.2 file against the same plan without the
//     commands' before/after (what a 1.1 file held).
// Run after `npm run build`: node bench/plan-render.mjs [commands]
// Target: rendering within 10x of JSON.stringify; the file at most 3x.
import { buildPlan } from '../dist/plan/build.js';
import { serializePlan } from '../dist/plan/plan-file.js';
import { formatPlanText } from '../dist/report/plan/text.js';
import { setColor } from '../dist/report/color.js';
import { DEFAULT_LIMITS } from '../dist/spec/limits.js';

const N = Number(process.argv[2] ?? 200);
setColor(false);
const opt = (type, name, extra = {}) => ({ type, name, description: `The ${name} of it`, ...extra });
const desc = (i, end) => `Command number ${i} does a useful thing for the people of the server and then ${end}`;
const choices = (n) => Array.from({ length: n }, (_, i) => ({ name: `Choice ${i}`, value: `c${i}` }));
const remote = [];
const desired = [];
for (let i = 0; i < N; i++) {
  const name = `cmd${i}`;
  remote.push({
    id: String(1000 + i),
    version: '1',
    body: {
      id: String(1000 + i),
      type: 1,
      name,
      description: desc(i, 'stops'),
      options: [opt(3, 'a'), opt(3, 'b', { choices: choices(5) }), opt(4, 'c'), opt(5, 'd')],
    },
  });
  desired.push({
    body: {
      name,
      description: desc(i, 'keeps going'),
      options: [opt(3, 'a'), opt(6, 'new'), opt(3, 'b', { choices: choices(6) }), opt(4, 'c'), opt(5, 'd')],
    },
  });
}
const plan = buildPlan(
  { applicationId: '1', scopes: [{ scope: { kind: 'global' }, commands: desired }] },
  { applicationId: '1', scopes: [{ scope: { kind: 'global' }, commands: remote }] },
  {
    strategy: 'individual',
    limits: DEFAULT_LIMITS,
    canEditPermissions: true,
    force: false,
    cmdsyncVersion: 'bench',
    readCount: 1,
  },
);

function time(fn, rounds = 20) {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  return (performance.now() - t0) / rounds;
}
const render = time(() => formatPlanText(plan));
const floor = time(() => JSON.stringify(plan));
const flat = structuredClone(plan);
for (const s of flat.scopes)
  for (const a of s.actions) {
    delete a.before;
    delete a.after;
  }
const size12 = Buffer.byteLength(serializePlan(plan));
const size11 = Buffer.byteLength(serializePlan(flat));
const renderRatio = render / floor;
const sizeRatio = size12 / size11;
console.log(`plan of ${N} updated commands (option inserted, long text changed, choice added)`);
console.log(`  formatPlanText            ${render.toFixed(2)} ms`);
console.log(`  JSON.stringify (floor)    ${floor.toFixed(2)} ms`);
console.log(`  render ratio              ${renderRatio.toFixed(2)}x  (target <= 10x)`);
console.log(
  `  plan file 1.2 / 1.1       ${(size12 / 1024).toFixed(0)} KiB / ${(size11 / 1024).toFixed(0)} KiB = ${sizeRatio.toFixed(2)}x  (target <= 3x)`,
);
console.log(renderRatio <= 10 && sizeRatio <= 3 ? 'ON TARGET' : 'OFF TARGET');
