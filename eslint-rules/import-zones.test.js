// node --test eslint-rules/
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import plugin from './import-zones.js';
import { serverZones } from './server-domains.js';

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

// The server's domains (eslint-rules/server-domains.js): faces only, in one order, platform knows none.
const serverOptions = [{ root, zones: serverZones('apps/server/src') }];
const server = (file) => ({ filename: `${root}/apps/server/src/${file}`, options: serverOptions });
const above = (domain, other) =>
  `${domain} must not import ${other}: ${other} stands above ${domain} (eslint-rules/server-domains.js); move the shared piece down or pass it in.`;

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'import-zones (server domains)',
  plugin.rules['import-zones'],
  {
    valid: [
      { code: "import { lockUser } from '../accounts';", ...server('money/earnings.ts') },
      { code: "import { lockUser } from '../../accounts/index';", ...server('money/routes/earnings.ts') },
      { code: "import { ledger } from './ledger';", ...server('money/earnings.ts') },
      { code: "import { db } from '../db/client';", ...server('money/earnings.ts') },
      { code: "import { checkLedger } from '../money';", ...server('wiring/metrics-plugin.ts') },
      { code: "import { round2 } from '../lib/round';", ...server('http/etag-reply.ts') },
    ],
    invalid: [
      // Behind a face.
      {
        code: "import { lockUser } from '../accounts/users';",
        ...server('money/earnings.ts'),
        errors: [{ message: 'money may use accounts only through its face (accounts/index.ts).' }],
      },
      // A lower domain reaching up, even through the face: that would make a loop.
      {
        code: "import { checkLedger } from '../money';",
        ...server('accounts/users.ts'),
        errors: [{ message: above('accounts', 'money') }],
      },
      {
        code: "import { lockCandidate } from '../interview';",
        ...server('money/earnings.ts'),
        errors: [{ message: above('money', 'interview') }],
      },
      // A platform folder importing a domain.
      {
        code: "import { cachedJob } from '../jobs/job-cache';",
        ...server('http/etag-reply.ts'),
        errors: [{ message: 'The platform folder http/ must not import a domain (jobs).' }],
      },
      // The composition root uses faces too.
      {
        code: "import { checkLedger } from '../money/ledger';",
        ...server('wiring/metrics-plugin.ts'),
        errors: [{ message: 'wiring/ uses money only through its face (money/index.ts).' }],
      },
    ],
  },
);

describe('the server domain order', () => {
  it('lets no domain import one that imports it (the order is the only edge list)', async () => {
    const { SERVER_DOMAINS } = await import('./server-domains.js');
    const zones = serverZones('s');
    for (const a of SERVER_DOMAINS)
      for (const b of SERVER_DOMAINS) {
        if (a === b) continue;
        const aUsesB = zones.some((z) => z.target === `s/${a}` && z.from === `s/${b}` && z.face);
        const bUsesA = zones.some((z) => z.target === `s/${b}` && z.from === `s/${a}` && z.face);
        if (aUsesB && bUsesA) throw new Error(`${a} and ${b} may import each other`);
      }
  });
});
