/**
 * `npm run circles`: fails when modules under `src/` import each other in a circle (a step of
 * `npm test`). A circle makes a module's value `undefined` while the other one still loads, and
 * ties modules that should have one shared piece of their own; the fix is to move that piece, not
 * to hide the circle behind a re-export.
 *
 * It also fails when two folders of `src/server/` import each other (a module of `auth/` imports
 * `http/` and one of `http/` imports `auth/`): each folder is a layer that leans on others in one
 * direction only (docs/decisions/114-create-app-in-stages.md). Modules at the root of `src/server/`
 * (app.ts, context.server.ts, …) belong to no folder.
 *
 * Reads the import graph with madge (https://github.com/pahen/madge: static, dynamic and type-only
 * imports of `.ts`/`.tsx` files, resolved with tsconfig.json). Prints each circle as
 * `a.ts > b.ts > a.ts` (paths relative to `src/`). Exits 0 with none, 1 with any, 2 when the graph
 * cannot be read.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The folder of `src/server/` a module belongs to (`server/auth`), or null for a module at its root
 * or outside it.
 * @param {string} file path relative to `src/`
 */
function serverFolder(file) {
  const parts = file.split('/');
  return parts[0] === 'server' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : null;
}

/**
 * Pairs of folders of `src/server/` that import each other, each with one import of each way.
 * @param {Record<string, string[]>} modules madge's graph: module → the modules it imports
 * @returns {Array<{ a: string, b: string, ab: string, ba: string }>}
 */
function folderPairs(modules) {
  /** `a b` → an example import `file > imported`. */
  const edges = new Map();
  for (const [file, imports] of Object.entries(modules)) {
    for (const imported of imports) {
      const a = serverFolder(file);
      const b = serverFolder(imported);
      if (a && b && a !== b && !edges.has(`${a} ${b}`)) edges.set(`${a} ${b}`, `${file} > ${imported}`);
    }
  }
  const pairs = [];
  for (const [key, ab] of edges) {
    const [a, b] = key.split(' ');
    const ba = edges.get(`${b} ${a}`);
    if (ba && a < b) pairs.push({ a, b, ab, ba });
  }
  return pairs;
}

try {
  const graph = await madge(path.join(ROOT_DIR, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT_DIR, 'tsconfig.json'),
  });
  const modules = graph.obj();
  const files = Object.keys(modules).length;
  const circles = graph.circular();
  if (circles.length === 0) {
    console.log(`[circles] no import circle among ${files} modules of src/`);
  } else {
    console.error(`[circles] ${circles.length} import circle(s) in src/:`);
    for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(' > ')}`);
    process.exitCode = 1;
  }
  const pairs = folderPairs(modules);
  if (pairs.length === 0) {
    console.log('[circles] no two folders of src/server/ import each other');
  } else {
    console.error(`[circles] ${pairs.length} pair(s) of folders of src/server/ import each other:`);
    for (const { a, b, ab, ba } of pairs) console.error(`  ${a} <-> ${b}: ${ab} and ${ba}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(
    `[circles] could not read the import graph: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 2;
}
