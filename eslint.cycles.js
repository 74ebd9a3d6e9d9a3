// No import cycles (issue #27), type-only imports included. import-x/no-cycle cannot do it: it
// skips every `import type` (hard-coded, no option), and a type cycle still ties two rooms
// together. This rule reads a file's imports with TypeScript's own pre-processor (import, import
// type, export … from, import(), require), resolves them with the walls' resolver (aliases
// included) and reports each import from which the file can be reached again.
import { readFileSync, statSync } from 'node:fs';
import { relative as relativePath } from 'node:path';
import ts from 'typescript';
import { relative as resolveImport } from 'eslint-plugin-import-x/utils';

/** @typedef {{ pos: number; end: number; target: string }} Edge */

// A file's edges, kept while its modification time stands (one lint run reads each file once).
/** @type {Map<string, { mtimeMs: number; edges: Edge[] }>} */
const cache = new Map();

/** @returns {Edge[]} the imports of `file` that resolve to a file of the repository */
function edgesOf(file, text, context) {
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos, end }) => {
    const target = resolveImport(fileName, file, context.settings, context);
    // Packages and Node's built-ins cannot import the repository back.
    return target && !target.includes('/node_modules/') ? [{ pos, end, target }] : [];
  });
}

function cachedEdgesOf(file, context) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit?.mtimeMs === mtimeMs) return hit.edges;
  const edges = edgesOf(file, readFileSync(file, 'utf8'), context);
  cache.set(file, { mtimeMs, edges });
  return edges;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{route}}. Two files that need each other are one room: move what both need into a third file both import (types included).',
    },
  },
  create(context) {
    const self = context.physicalFilename;
    const { sourceCode } = context;
    return {
      Program() {
        // Files known, for this file, not to lead back to it: each is walked at most once.
        const deadEnds = new Set();
        for (const edge of edgesOf(self, sourceCode.text, context)) {
          const route = routeBack(edge.target, self, deadEnds, context);
          if (!route) continue;
          const name = (file) => relativePath(context.cwd, file);
          context.report({
            loc: {
              start: sourceCode.getLocFromIndex(edge.pos),
              end: sourceCode.getLocFromIndex(edge.end),
            },
            messageId: 'cycle',
            data: { route: [self, ...route].map(name).join(' → ') },
          });
        }
      },
    };
  },
};

/** Breadth first, so the route reported is a shortest one. */
function routeBack(start, self, deadEnds, context) {
  if (start === self || deadEnds.has(start)) return start === self ? [self] : null;
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const { target } of cachedEdgesOf(file, context)) {
      if (target === self) {
        const route = [self];
        for (let at = file; at; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      if (cameFrom.has(target) || deadEnds.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  for (const file of queue) deadEnds.add(file);
  return null;
}
