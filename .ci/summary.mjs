// The end of a CI run (.ci/run): the time of each phase, and the ten slowest test files of every suite, from the JSON
// reports vitest and Playwright wrote into the run's report directory. Usage: node .ci/summary.mjs PHASES.tsv REPORTS_DIR
import fs from 'node:fs';
import path from 'node:path';

const [phasesFile, reportsDir] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const phases = fs
  .readFileSync(phasesFile, 'utf8')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, ms, status] = line.split('\t');
    // A phase without a status never said it passed.
    return { name, ms: Number(ms), status: status === undefined || status.trim() === '' ? 1 : Number(status) };
  });
console.log('\n## CI phases\n');
console.log(
  table(
    ['phase', 'time', 'result'],
    phases.map((p) => [p.name === 'total' ? '**total**' : p.name, p.name === 'total' ? `**${clock(p.ms)}**` : seconds(p.ms), p.status === 0 ? 'passed' : `FAILED (${p.status})`]),
  ),
);

/** Every test file a report lists: [suite, file, ms]. */
function filesOf(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const name = path.basename(file, '.json');
  if (name === 'playwright') {
    const byFile = new Map();
    const walk = (suite) => {
      for (const child of suite.suites ?? []) walk(child);
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) for (const result of test.results) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration);
      }
    };
    walk(report);
    return [...byFile].map(([f, ms]) => ['e2e', path.join('apps/web/e2e', f), ms]);
  }
  return report.testResults.map((r) => [name.replace(/^vitest-/, ''), path.relative(root, r.name), r.endTime - r.startTime]);
}

const reports = fs.existsSync(reportsDir) ? fs.readdirSync(reportsDir).filter((f) => f.endsWith('.json')) : [];
const files = reports.flatMap((f) => {
  try {
    return filesOf(path.join(reportsDir, f));
  } catch (err) {
    console.log(`(could not read ${f}: ${err.message})`);
    return [];
  }
});
if (files.length) {
  console.log('\n## The 10 slowest test files (time in the file; e2e: its tests added up)\n');
  console.log(table(['suite', 'file', 'time'], files.sort((a, b) => b[2] - a[2]).slice(0, 10).map(([suite, file, ms]) => [suite, file, seconds(ms)])));
}
console.log('\nBudget: 20 minutes on a 2-core machine (docs/testing.md says what to do when a phase grows).');
