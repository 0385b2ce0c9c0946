// node --test eslint-rules/
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import plugin from './import-zones.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/repo';
const options = [
  {
    root,
    zones: [
      { target: 'src/features/admin', from: 'src/features', except: ['admin'], message: 'no other feature' },
      { target: 'src/lib', from: 'src/features', message: 'no feature in lib' },
    ],
  },
];
const at = (file) => ({ filename: `${root}/${file}`, options });

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'import-zones',
  plugin.rules['import-zones'],
  {
    valid: [
      { code: "import x from '../api/x';", ...at('src/features/admin/components/A.ts') },
      { code: "import x from '../../../lib/format';", ...at('src/features/admin/components/A.ts') },
      { code: "import x from '../../../../lib/format';", ...at('src/features/admin/components/deep/A.ts') },
      { code: "import { z } from 'zod';", ...at('src/features/admin/components/A.ts') },
      { code: "import x from '../../jobs/x';", ...at('src/features/jobs/components/A.ts') },
    ],
    invalid: [
      {
        code: "import x from '../../jobs/api/x';",
        ...at('src/features/admin/components/A.ts'),
        errors: [{ message: 'no other feature' }],
      },
      // One level deeper: the text of the import changes, where it lands does not.
      {
        code: "import x from '../../../jobs/api/x';",
        ...at('src/features/admin/components/deep/A.ts'),
        errors: [{ message: 'no other feature' }],
      },
      {
        code: "export * from '../../../../features/status/x';",
        ...at('src/features/admin/components/deep/A.ts'),
        errors: [{ message: 'no other feature' }],
      },
      {
        code: "const m = () => import('../../status/x');",
        ...at('src/features/admin/components/A.ts'),
        errors: [{ message: 'no other feature' }],
      },
      {
        code: "export { a } from '../features/admin/x';",
        ...at('src/lib/a.ts'),
        errors: [{ message: 'no feature in lib' }],
      },
    ],
  },
);
