/**
 * `npm run structure`: the shape of the source, for reviews of size and boundaries.
 * For apps/server/src, apps/web/src, packages/core/src, apps/web/e2e and bench: the largest files (lines), the longest
 * functions (lines, read with the TypeScript compiler API), the files over 400 lines and functions over 150 (tests
 * aside), the import cycles (groups of files that import each other, directly or through others) and the imports that
 * cross a boundary the lint forbids.
 * Usage: node --import tsx bench/structure.ts [repo root, default: the current directory] [--top N] [--check]
 * With --check (run by `npm run lint`) it prints only the problems, and fails on any: an import cycle, feature folders
 * that import each other (directly or through others; folder level, type imports included, tests aside), a boundary
 * import, a source file over 400 lines or a function over 150 (tests aside).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const check = args.includes('--check');
const log = (...parts: unknown[]) => {
  if (!check) console.log(...parts);
};
const root = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--top') ?? '.');
const AREAS = ['apps/server/src', 'apps/web/src', 'packages/core/src', 'apps/web/e2e', 'bench'];
/** Size limits of source files (tests may be longer: *.test.ts, *.spec.ts and their .tsx). */
const FILE_LIMIT = 400;
const FUNCTION_LIMIT = 150;
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);

interface FnInfo {
  file: string;
  name: string;
  line: number;
  lines: number;
}
interface FileInfo {
  file: string;
  lines: number;
  imports: { target: string; typeOnly: boolean }[];
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Compiler options of the tsconfig.json nearest above the area (for module resolution). */
function optionsFor(area: string): ts.CompilerOptions {
  const configPath = ts.findConfigFile(path.join(root, area), ts.sys.fileExists);
  if (!configPath) return { moduleResolution: ts.ModuleResolutionKind.Bundler };
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath)).options;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name) {
    return node.name.getText();
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return '(anonymous)';
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node)
  );
}

function readFile(file: string, options: ts.CompilerOptions, functions: FnInfo[]): FileInfo {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const imports: FileInfo['imports'] = [];
  const addImport = (specifier: string, typeOnly: boolean) => {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts')) {
      imports.push({ target: path.resolve(resolved.resolvedFileName), typeOnly });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly))),
      );
      addImport(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      addImport(node.arguments[0].text, false);
    }
    if (isFunction(node) && node.body) {
      functions.push({ file: rel(file), name: functionName(node), line: lineOf(node.getStart()), lines: lineOf(node.end) - lineOf(node.getStart()) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), imports };
}

/** Strongly connected components of more than one file (or a file importing itself): each is one import cycle. */
function cycles(files: Map<string, FileInfo>, includeTypes: boolean, name: (key: string) => string = rel): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const edges = (f: string) =>
    (files.get(f)?.imports ?? []).filter((i) => (includeTypes || !i.typeOnly) && files.has(i.target)).map((i) => i.target);
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges(v).includes(v)) out.push(group.map(name).sort());
    }
  };
  for (const f of files.keys()) if (!index.has(f)) connect(f);
  return out;
}

/** The feature folder a file belongs to (`web:cards`, `server:binders`), or undefined outside features/. */
function featureOf(file: string): string | undefined {
  const m = /^apps\/(web|server)\/src\/features\/([^/]+)\//.exec(file);
  return m ? `${m[1]}:${m[2]}` : undefined;
}

/**
 * The feature folders as a graph (an edge for each folder importing another, type imports included; tests aside, as a
 * test may set up another feature's data): its cycles
 * (strongly connected groups of folders), and the number of cross-feature imports and of folder pairs they join.
 */
function featureCycles(files: Map<string, FileInfo>): { cycles: string[][]; imports: number; pairs: number; edges: Map<string, Set<string>> } {
  const edges = new Map<string, Set<string>>();
  let imports = 0;
  for (const info of files.values()) {
    const from = featureOf(rel(info.file));
    if (!from || isTest(info.file)) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const { target } of info.imports) {
      const to = featureOf(rel(target));
      if (!to || to === from) continue;
      imports++;
      edges.get(from)!.add(to);
    }
  }
  const graph = new Map<string, FileInfo>();
  for (const [from, targets] of edges) graph.set(from, { file: from, lines: 0, imports: [...targets].map((target) => ({ target, typeOnly: false })) });
  const pairs = [...edges.values()].reduce((n, targets) => n + targets.size, 0);
  return { cycles: cycles(graph, true, (name) => name), imports, pairs, edges };
}

/**
 * The directions between feature folders that docs/ARCHITECTURE.md lists under "## Feature directions" (lines
 * `- binders → prices, comments` after a line starting `Server` or `Web`), held against the imports: an import the
 * list lacks, or a listed direction no import takes, is a problem, so the list stays the true map. A tree without
 * the document (a scratch test tree) is not checked.
 */
function directionProblems(edges: Map<string, Set<string>>): string[] {
  const doc = path.join(root, 'docs/ARCHITECTURE.md');
  if (!fs.existsSync(doc)) return [];
  const text = fs.readFileSync(doc, 'utf8');
  const start = text.indexOf('\n## Feature directions');
  if (start < 0) return ['docs/ARCHITECTURE.md has no "## Feature directions" section'];
  const end = text.indexOf('\n## ', start + 1);
  const listed = new Set<string>();
  let side: 'web' | 'server' | undefined;
  for (const line of text.slice(start, end < 0 ? undefined : end).split('\n')) {
    if (/^Server\b/.test(line)) side = 'server';
    else if (/^Web\b/.test(line)) side = 'web';
    const m = /^- `?([a-z-]+)`? → (.+)$/.exec(line.trim());
    if (!m || !side) continue;
    for (const to of m[2]!.split(',').map((t) => t.replace(/`/g, '').trim()).filter(Boolean)) listed.add(`${side}:${m[1]} → ${side}:${to}`);
  }
  const actual = new Set([...edges].flatMap(([from, targets]) => [...targets].map((to) => `${from} → ${to}`)));
  const out: string[] = [];
  for (const edge of actual) if (!listed.has(edge)) out.push(`${edge}: an import docs/ARCHITECTURE.md ("Feature directions") does not list`);
  for (const edge of listed) if (!actual.has(edge)) out.push(`${edge}: listed in docs/ARCHITECTURE.md ("Feature directions") but no import takes it`);
  return out.sort();
}

/** Imports that the lint's boundary rules forbid: server lib/ and db/ → features/, packages/core → apps/, a server feature → another's routes. */
function boundaryViolations(files: Map<string, FileInfo>): string[] {
  const out: string[] = [];
  for (const info of files.values()) {
    const from = rel(info.file);
    for (const { target } of info.imports) {
      const to = rel(target);
      const serverLower = /^apps\/server\/src\/(lib|db|catalogue)\//.test(from) && to.startsWith('apps/server/src/features/');
      const coreToApps = from.startsWith('packages/core/') && to.startsWith('apps/');
      const feature = (file: string) => /^apps\/server\/src\/features\/([^/]+)\//.exec(file)?.[1];
      const otherRoutes = Boolean(feature(from)) && to.endsWith('.routes.ts') && feature(to) !== undefined && feature(to) !== feature(from);
      if (serverLower || coreToApps || otherRoutes) out.push(`${from} → ${to}`);
    }
  }
  return out;
}

/** Source files over FILE_LIMIT lines and functions over FUNCTION_LIMIT lines, tests aside (issue 41 split the last ones). */
function sizeProblems(files: Map<string, FileInfo>, functions: FnInfo[]): string[] {
  const out: string[] = [];
  for (const info of files.values()) {
    if (info.lines > FILE_LIMIT && !isTest(info.file)) out.push(`${rel(info.file)}: ${info.lines} lines (files ≤ ${FILE_LIMIT} lines; tests aside)`);
  }
  const longest = new Map<string, number>();
  for (const f of functions) {
    const key = `${f.file} ${f.name}`;
    if (f.lines > FUNCTION_LIMIT && !isTest(f.file)) longest.set(key, Math.max(f.lines, longest.get(key) ?? 0));
  }
  for (const [key, lines] of longest) out.push(`${key}: ${lines} lines (functions ≤ ${FUNCTION_LIMIT} lines; tests aside)`);
  return out;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const files = new Map<string, FileInfo>();
const functions: FnInfo[] = [];
log(`# Source structure of ${path.basename(root)}\n`);
for (const area of AREAS) {
  const options = optionsFor(area);
  const areaFiles = sourceFiles(path.join(root, area));
  const infos = areaFiles.map((f) => readFile(f, options, functions));
  for (const info of infos) files.set(path.resolve(info.file), info);
  const total = infos.reduce((n, i) => n + i.lines, 0);
  log(`## ${area}: ${infos.length} files, ${total} lines\n`);
  log(`Largest files:`);
  for (const i of [...infos].sort((a, b) => b.lines - a.lines).slice(0, TOP)) log(`${pad(i.lines, 6)}  ${rel(i.file)}`);
  const areaFns = functions.filter((f) => f.file.startsWith(area + '/')).sort((a, b) => b.lines - a.lines);
  log(`\nLongest functions:`);
  for (const f of areaFns.slice(0, TOP)) log(`${pad(f.lines, 6)}  ${f.file}:${f.line} ${f.name}`);
  const large = infos.filter((i) => i.lines > FILE_LIMIT && !isTest(i.file));
  log(`\nFiles over ${FILE_LIMIT} lines (tests aside): ${large.length}${large.length ? ` (${large.map((i) => rel(i.file)).join(', ')})` : ''}`);
  const long = areaFns.filter((f) => f.lines > FUNCTION_LIMIT && !isTest(f.file));
  log(`Functions over ${FUNCTION_LIMIT} lines (tests aside): ${long.length}${long.length ? ` (${long.map((f) => `${f.file} ${f.name} ${f.lines}`).join(', ')})` : ''}\n`);
}

const all = cycles(files, true);
const runtime = cycles(files, false);
log(`## Import cycles\n`);
log(`Cycles (groups of files importing each other, type imports included): ${all.length}`);
for (const group of all) log(`  - ${group.join(' ↔ ')}`);
log(`Cycles through runtime imports only: ${runtime.length}`);
const folders = featureCycles(files);
log(`\nFeature folders in a cycle (folder level, type imports included): ${folders.cycles.length} cycle(s); ${folders.imports} cross-feature imports over ${folders.pairs} folder pairs`);
for (const group of folders.cycles) log(`  - ${group.join(' ↔ ')}`);
const directions = directionProblems(folders.edges);
log(`Feature directions not as docs/ARCHITECTURE.md lists them: ${directions.length}`);
for (const d of directions) log(`  - ${d}`);
const violations = boundaryViolations(files);
log(`\n## Boundary imports (server lib/ and db/ → features/, core → apps/, a server feature → another's routes): ${violations.length}`);
for (const v of violations) log(`  - ${v}`);
const sizes = sizeProblems(files, functions);
log(`\n## Sizes beyond the limits: ${sizes.length}`);
for (const v of sizes) log(`  - ${v}`);
if (check) {
  const problems = all.length + folders.cycles.length + directions.length + violations.length + sizes.length;
  if (problems) {
    console.error(
      `structure check: ${all.length} import cycle(s), ${folders.cycles.length} feature folder cycle(s), ${directions.length} feature direction(s) off the list, ${violations.length} boundary import(s), ${sizes.length} size problem(s)`,
    );
    for (const group of all) console.error(`  cycle: ${group.join(' ↔ ')}`);
    for (const group of folders.cycles) console.error(`  feature cycle: ${group.join(' ↔ ')} (features meet in app/ or through events; shared pieces go to cards/, components/, lib/ or core)`);
    for (const d of directions) console.error(`  direction: ${d}`);
    for (const v of violations) console.error(`  boundary: ${v}`);
    for (const v of sizes) console.error(`  size: ${v}`);
    process.exit(1);
  }
}
