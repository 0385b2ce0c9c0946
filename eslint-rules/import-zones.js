// Import zones by resolved path, like eslint-plugin-import's `no-restricted-paths`, without the
// dependency: an import is resolved against the importing file, so `../../jobs/x` and
// `../../../jobs/x` from deeper down land in the same place and meet the same rule. The built-in
// `no-restricted-imports` only sees the import's text, which a deeper relative path slips past.
import path from 'node:path';

/**
 * Options: `{ root, zones: [{ target, from, except?, face?, message }] }`, paths relative to `root`
 * (the folder of eslint.config.js). A file inside `target` may not import anything inside `from`,
 * except what lies inside one of `except` (relative to `from`). With `face: true` the folder's face
 * may still be imported: the folder itself (`../money`) or its `index` file, nothing behind it.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one folder into another, by resolved path' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                face: { type: 'boolean' },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const file = path.resolve(context.filename);
    const inside = (p, folder) => p === folder || p.startsWith(folder + path.sep);
    const isFace = (p, folder) =>
      p === folder || ['index', 'index.js', 'index.ts'].some((name) => p === path.join(folder, name));
    const active = zones
      .map((z) => ({
        ...z,
        target: path.resolve(root, z.target),
        from: path.resolve(root, z.from),
      }))
      .filter((z) => inside(file, z.target));
    if (!active.length) return {};

    function check(node) {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      // Only paths can be resolved here; packages (`react`, `@app/shared`) are not zones.
      if (!spec || !(spec.startsWith('.') || spec.startsWith('/'))) return;
      const resolved = path.resolve(path.dirname(file), spec);
      for (const z of active) {
        if (!inside(resolved, z.from)) continue;
        if ((z.except ?? []).some((e) => inside(resolved, path.resolve(z.from, e)))) continue;
        if (z.face && isFace(resolved, z.from)) continue;
        context.report({ node, message: z.message });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'import-zones': rule } };
