/**
 * `npm run circles`: fails when modules under `src/` import each other in a circle (a step of
 * `npm test`). A circle makes a module's value `undefined` while the other one still loads, and
 * ties modules that should have one shared piece of their own; the fix is to move that piece, not
 * to hide the circle behind a re-export.
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

try {
  const graph = await madge(path.join(ROOT_DIR, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT_DIR, 'tsconfig.json'),
  });
  const files = Object.keys(graph.obj()).length;
  const circles = graph.circular();
  if (circles.length === 0) {
    console.log(`[circles] no import circle among ${files} modules of src/`);
  } else {
    console.error(`[circles] ${circles.length} import circle(s) in src/:`);
    for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(' > ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(
    `[circles] could not read the import graph: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 2;
}
