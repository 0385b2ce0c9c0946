#!/usr/bin/env node
/**
 * Comments cite the product description that ships with the code (docs/product/), not the outside
 * specification it was condensed from. This rewrites the old citations ("spec part 2 section 2.2",
 * "spec section 4", "spec 2.8") to the docs/product page that covers them, and with --check fails
 * when any is left (so a merge cannot bring one back unnoticed).
 *
 *   node scripts/cite-product-docs.mjs          rewrite in place, print what changed
 *   node scripts/cite-product-docs.mjs --check  list leftovers, exit 1 if there are any
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const P = 'docs/product/';
// Part 1: accounts, onboarding, application, profile. Part 2: marketplace, jobs, tasks, earnings, interview.
const PART1 = {
  1: 'screens/accounts.md',
  3: 'rules.md',
  4: 'rules.md',
  5: 'rules.md',
  6: 'rules.md',
  7: 'api.md',
  8: 'errors.md',
  9: 'rules.md',
};
const PART2 = {
  1: 'README.md',
  2: 'README.md',
  2.1: 'README.md',
  2.2: 'screens/marketplace.md',
  2.3: 'screens/your-jobs.md',
  2.4: 'screens/task.md',
  2.5: 'screens/earnings.md',
  2.6: 'screens/application.md',
  2.7: 'screens/interview.md',
  2.8: 'screens/interview.md',
  2.9: 'screens/status.md',
  '2.10': 'README.md',
  3: 'rules.md',
  4: 'rules.md',
  5: 'rules.md',
  6: 'rules.md',
  7: 'api.md',
  8: 'errors.md',
  9: 'rules.md',
};

/** Part 1 section 2 describes several screens; the file's own area says which. */
function part1Screens(file) {
  if (/onboarding|OnboardingSteps|StepNavigation|VerificationScreen/i.test(file)) return 'screens/onboarding.md';
  if (/application|Equipment|wizard/i.test(file)) return 'screens/application.md';
  if (/profile|ListEditor|ChipsInput|Country/i.test(file)) return 'screens/profile.md';
  return 'screens/accounts.md';
}
const isPart1File = (file) =>
  /features\/(auth|onboarding|application|profile)\/|profile-|countries|schemas\/(profile|auth)|guards|auth|AppLayout|ListEditor|ChipsInput|CountrySelect|WorkAuthorization|onboarding|application|profile/i.test(
    file,
  );

function pageFor(part, section, aboutSocket, file) {
  const s = section.replace(/\.$/, '');
  if (part === 1) return s === '2' ? part1Screens(file) : (PART1[s] ?? PART1[s.split('.')[0]] ?? 'README.md');
  if (s === '7' && aboutSocket) return 'socket-protocol.md';
  return PART2[s] ?? PART2[s.split('.')[0]] ?? 'README.md';
}

// "spec part 2 section 4", "Spec part 1 sections 2, 4 and 5", "spec section 6", "spec 2.8", "spec part 2".
const SEP = String.raw`[\s*/]+`; // spaces, or a line break inside a comment
const NUMS = String.raw`([0-9]+(?:\.[0-9]+)?(?:(?:,\s*|\s+and\s+)[0-9]+(?:\.[0-9]+)?)*)`;
const CITATION = new RegExp(
  String.raw`\b[Ss]pec(?:ification)?(?:${SEP}part${SEP}([12]))?(?:,?${SEP}(?:sections?|§)${SEP}?|${SEP}(?=\d))${NUMS}` +
    // "..., part 2 section 2.6": a second part cited in the same breath
    String.raw`(?:,${SEP}part${SEP}([12])${SEP}sections?${SEP}${NUMS})?` +
    // '... ("Opening a task") and section 8', '... and the status table of section 4'
    String.raw`(?:(\s+\("[^")]*"\))?\s+and\s+(?:the \w+ \w+ of\s+)?section\s+([0-9]+(?:\.[0-9]+)?))?` +
    String.raw`|\b[Ss]pec${SEP}part${SEP}([12])\b`,
  'g',
);

function rewrite(file, text) {
  const explicit = /spec[\s*/]+part[\s*/]+([12])/i.exec(text);
  const defaultPart = explicit ? Number(explicit[1]) : isPart1File(file) ? 1 : 2;
  return text.replace(CITATION, (match, part, sections, part2, sections2, label, tail, partOnly, offset) => {
    if (partOnly) return `${P}README.md`;
    // Section 7 lists the HTTP calls and the socket; a comment about the socket means the latter.
    const aboutSocket = /socket|\/ws\b|ws\/session/i.test(
      text.slice(Math.max(0, offset - 200), offset + match.length + 60),
    );
    const cited = [
      ...sections.split(/,\s*|\s+and\s+/).map((s) => [part ? Number(part) : defaultPart, s]),
      ...(part2 ? sections2.split(/,\s*|\s+and\s+/).map((s) => [Number(part2), s]) : []),
    ];
    const n = part ? Number(part) : defaultPart;
    const pages = [...new Set(cited.map(([k, s]) => pageFor(k, s, aboutSocket, file)))];
    const main = pages.map((page) => P + page).join(', ');
    if (!tail) return main;
    const extra = P + pageFor(n, tail, aboutSocket, file);
    return `${main}${label ?? ''}${pages.includes(extra.slice(P.length)) ? '' : `, ${extra}`}`;
  });
}

const files = execFileSync(
  'git',
  ['ls-files', 'apps', 'packages', 'e2e', 'scripts', 'docs/decisions', 'ARCHITECTURE.md', 'README.md'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs|md)$/.test(f) && f !== 'scripts/cite-product-docs.mjs' && fs.existsSync(f));

const check = process.argv.includes('--check');
let count = 0;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const next = rewrite(file, text);
  if (next === text) continue;
  const n = [...text.matchAll(CITATION)].length;
  count += n;
  if (check) console.log(`${file}: ${n} citation(s) of the outside spec`);
  else {
    fs.writeFileSync(file, next);
    console.log(`${file}: ${n}`);
  }
}
console.log(check ? `${count} left` : `${count} citation(s) rewritten`);
if (check && count) process.exit(1);
