/**
 * Reads onboarding fields out of a resume's plain text. Heuristic by nature: it returns only what
 * it finds with some confidence and leaves the rest for the candidate to type.
 *
 * - e-mail, phone and LinkedIn address: regular expressions;
 * - name: the first line near the top that looks like a person's name;
 * - city and country: a "City, Country" (or "City, ST" for US states) in the header lines;
 * - sections: lines such as "Education", "Experience", "Skills" start a section.
 */
import { matchCountry, normalizeExpertise, type ResumePrefill } from '@app/shared';

type Section = 'education' | 'experience' | 'skills' | 'other';

const HEADINGS: Record<string, Section> = {};
const addHeadings = (section: Section, names: string[]) => names.forEach((n) => (HEADINGS[n] = section));
addHeadings('education', ['education', 'academic background', 'education and training', 'academic history', 'studies']);
addHeadings('experience', [
  'experience',
  'work experience',
  'professional experience',
  'employment',
  'employment history',
  'work history',
  'career history',
  'relevant experience',
]);
addHeadings('skills', [
  'skills',
  'technical skills',
  'core skills',
  'key skills',
  'skills and tools',
  'tools',
  'software',
  'expertise',
  'areas of expertise',
  'core competencies',
  'competencies',
]);
addHeadings('other', [
  'summary',
  'professional summary',
  'profile',
  'about',
  'about me',
  'objective',
  'projects',
  'selected projects',
  'publications',
  'certifications',
  'certificates',
  'awards',
  'honors',
  'languages',
  'interests',
  'hobbies',
  'references',
  'contact',
  'volunteering',
  'volunteer experience',
  'exhibitions',
]);

const headingOf = (line: string): Section | null => {
  if (line.length > 40) return null;
  const key = line
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[:\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return HEADINGS[key] ?? null;
};

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([A-Za-z0-9_%-]+)\/?/i;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d[\d\s.-]{6,}\d/g;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE = `(?:${MONTH}\\s+\\d{4}|\\d{1,2}/\\d{4}|\\d{4}(?:-\\d{2})?)`;
const DATE_RANGE = new RegExp(`(${DATE})\\s*(?:-|–|—|to)\\s*(${DATE}|present|current|now|today)`, 'i');
const YEAR = /\b(19[5-9]\d|20\d{2})\b/g;

const US_STATES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  );

const BULLET = /^[\s•●▪◦·*–—-]+/;
const stripBullet = (s: string) => s.replace(BULLET, '').trim();

const TITLE_WORDS =
  /\b(designer|engineer|developer|manager|director|lead|head|artist|animator|illustrator|photographer|editor|writer|producer|consultant|specialist|analyst|intern|assistant|coordinator|researcher|scientist|architect|teacher|lecturer|founder|owner|freelancer?|officer|chief|associate|strategist|creative|copywriter|videographer|musician|composer|annotator)\b/i;
const SCHOOL_WORDS =
  /\b(university|college|school|institute|academy|polytechnic|conservatory|conservatoire|école|ecole|universidad|universität|hochschule)\b/i;
const DEGREE_WORDS =
  /\b(bachelor|master|doctor|ph\.?d|mba|b\.?a|b\.?sc?|b\.?f\.?a|m\.?a|m\.?sc?|m\.?f\.?a|diploma|associate|certificate|degree|hnd|a-levels?)\b\.?/i;

function looksLikeName(line: string): boolean {
  if (line.length < 4 || line.length > 50 || /[\d@/|:]/.test(line)) return false;
  if (headingOf(line) || /\b(resume|résumé|curriculum|vitae|cv)\b/i.test(line)) return false;
  const words = line.split(/\s+/);
  if (words.length < 2 || words.length > 4) return false;
  return words.every((w) => /^[\p{Lu}][\p{L}'’.-]*$/u.test(w));
}

const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());

function findPhone(lines: string[]): string | undefined {
  for (const line of lines) {
    for (const match of line.matchAll(PHONE)) {
      const candidate = match[0].trim();
      const digits = candidate.replace(/\D/g, '');
      if (digits.length < 9 || digits.length > 15) continue;
      if (DATE_RANGE.test(candidate) || /^\d{4}\s*[-–]\s*\d{4}$/.test(candidate)) continue;
      return candidate;
    }
  }
  return undefined;
}

function findLocation(lines: string[]): { city?: string; country?: string } {
  for (const line of lines) {
    for (const segment of line.split(/\s*[|•·●]\s*|\s{3,}/)) {
      if (EMAIL.test(segment) || /\d{3}/.test(segment) || LINKEDIN.test(segment)) continue;
      const parts = segment.split(',').map((p) => p.trim());
      if (parts.length < 2 || parts.some((p) => !p || p.length > 40)) continue;
      const last = parts[parts.length - 1]!;
      const city = parts[0]!;
      if (!/^[\p{L}][\p{L} .'’-]*$/u.test(city)) continue;
      const country = matchCountry(last);
      if (country) return { city, country };
      if (US_STATES.includes(last.toUpperCase()) && last.length === 2) return { city, country: 'United States' };
    }
  }
  return {};
}

/** Splits the text into the header (before the first heading) and the named sections. */
function splitSections(lines: string[]) {
  const header: string[] = [];
  const sections: Record<Section, string[][]> = { education: [], experience: [], skills: [], other: [] };
  let current: string[] | null = null;
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      current = [];
      sections[heading].push(current);
    } else if (current) {
      current.push(line);
    } else {
      header.push(line);
    }
  }
  return { header, sections };
}

function parseSkills(lines: string[]): string[] {
  const items = lines
    .flatMap((l) => l.split(/[,;•●▪|·]|\s+\/\s+/))
    .map(stripBullet)
    .map((s) => s.replace(/^[^:]{1,30}:\s*/, '')) // "Tools: Figma" → "Figma"
    .map((s) => s.replace(/\.$/, '').trim())
    .filter((s) => s.length >= 1 && s.length <= 40 && s.split(/\s+/).length <= 4);
  return normalizeExpertise(items).slice(0, 30);
}

type WorkEntry = NonNullable<ResumePrefill['workExperience']>[number];
type EducationEntry = NonNullable<ResumePrefill['education']>[number];

function splitTitleCompany(text: string): { title: string; company: string } {
  const cleaned = text
    .replace(/[()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const at = /^(.+?)\s+at\s+(.+)$/i.exec(cleaned);
  if (at) return { title: at[1]!.trim(), company: at[2]!.trim() };
  const parts = cleaned
    .split(/\s*[,|–—]\s*|\s+-\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { title: '', company: '' };
  if (parts.length === 1)
    return TITLE_WORDS.test(parts[0]!) ? { title: parts[0]!, company: '' } : { title: '', company: parts[0]! };
  const [a, b] = [parts[0]!, parts[1]!];
  if (TITLE_WORDS.test(b) && !TITLE_WORDS.test(a)) return { title: b, company: a };
  return { title: a, company: b };
}

function parseExperience(lines: string[]): WorkEntry[] {
  const entries: (WorkEntry & { details: string[] })[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const range = DATE_RANGE.exec(line);
    const next = lines[i + 1];
    const nextRange = next ? DATE_RANGE.exec(next) : null;
    const nextIsDateOnly = !!nextRange && next!.replace(DATE_RANGE, '').replace(/[\s,|()–—-]/g, '') === '';
    if (!range && nextIsDateOnly && !BULLET.test(line)) {
      // "Senior Designer, Acme" followed by a line "2019 - Present".
      entries.push({
        ...splitTitleCompany(line),
        startDate: nextRange![1]!,
        endDate: titleCase(nextRange![2]!),
        details: [],
      });
      i++;
    } else if (range && !BULLET.test(line)) {
      const rest = line.replace(DATE_RANGE, ' ').trim();
      entries.push({ ...splitTitleCompany(rest), startDate: range[1]!, endDate: titleCase(range[2]!), details: [] });
    } else if (entries.length) {
      entries[entries.length - 1]!.details.push(stripBullet(line));
    }
  }
  return entries
    .filter((e) => e.title || e.company)
    .slice(0, 20)
    .map(({ details, ...e }) => {
      const description = details.filter(Boolean).join('\n').slice(0, 2000);
      return description ? { ...e, description } : e;
    });
}

function parseEducation(lines: string[]): EducationEntry[] {
  const entries: EducationEntry[] = [];
  let current: EducationEntry = {};
  const flush = () => {
    if (current.school || current.degree) entries.push(current);
    current = {};
  };
  for (const line of lines.map(stripBullet)) {
    const parts = line
      .split(/\s*[,|–—•]\s*|\s+-\s+/)
      .map((p) => p.trim())
      .filter(Boolean);
    let lastWasDegree = false;
    for (const part of parts) {
      const years = part.match(YEAR);
      const withoutYears = part
        .replace(YEAR, '')
        .replace(/[\s()–—-]+$/g, '')
        .trim();
      if (years) current.year = years[years.length - 1];
      if (!withoutYears) continue;
      if (SCHOOL_WORDS.test(withoutYears)) {
        if (current.school) flush();
        current.school = withoutYears;
        lastWasDegree = false;
      } else if (DEGREE_WORDS.test(withoutYears)) {
        if (current.degree) flush();
        // "Bachelor of Fine Arts in Illustration": the field follows the last "in".
        const inField = /^(.+)\s+in\s+(.+)$/i.exec(withoutYears);
        const abbreviated = /^((?:B|M)\.?(?:A|S|Sc|F\.?A|Eng|Des|Mus)\.?|Ph\.?D\.?|MBA)\s+(.+)$/.exec(withoutYears);
        if (inField) {
          current.degree = inField[1]!.trim();
          current.field = inField[2]!.trim();
        } else if (abbreviated) {
          // "MA Sound Design": an abbreviated degree followed by its field.
          current.degree = abbreviated[1]!;
          current.field = abbreviated[2]!.trim();
        } else {
          current.degree = withoutYears;
        }
        lastWasDegree = true;
      } else if (lastWasDegree && !current.field && withoutYears.split(/\s+/).length <= 5) {
        current.field = withoutYears;
        lastWasDegree = false;
      }
    }
  }
  flush();
  return entries.slice(0, 10);
}

/** The onboarding fields a resume's text reveals; absent keys were not found. */
export function parseResumeText(text: string): ResumePrefill {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const prefill: ResumePrefill = {};
  if (!lines.length) return prefill;

  const { header, sections } = splitSections(lines);
  const top = header.length ? header.slice(0, 12) : lines.slice(0, 8);

  const nameLine = top.slice(0, 6).find(looksLikeName);
  if (nameLine) {
    const words = (nameLine === nameLine.toUpperCase() ? titleCase(nameLine) : nameLine).split(' ');
    prefill.firstName = words[0];
    prefill.lastName = words.slice(1).join(' ');
  }

  const email = EMAIL.exec(text)?.[0];
  if (email) prefill.email = email.toLowerCase();
  const phone = findPhone(top) ?? findPhone(lines.filter((l) => /\b(phone|tel|mobile|cell)\b/i.test(l)));
  if (phone) prefill.phone = phone;
  const linkedin = LINKEDIN.exec(text);
  if (linkedin) prefill.linkedinUrl = `https://www.linkedin.com/in/${linkedin[1]}`;

  const location = findLocation(top);
  if (location.city) prefill.city = location.city;
  if (location.country) prefill.country = location.country;

  const education = sections.education.flatMap(parseEducation);
  if (education.length) prefill.education = education;
  const work = sections.experience.flatMap(parseExperience);
  if (work.length) prefill.workExperience = work;
  const skills = normalizeExpertise(sections.skills.flatMap(parseSkills));
  if (skills.length) prefill.expertise = skills;
  return prefill;
}
