/**
 * Which bias-audit groups are hidden so that no one can be singled out (issue 43 item 10; decision 0222).
 * Pure: counts in, hidden groups out.
 *
 * - Primary: every group of fewer than `minCell` people, empty groups included (an empty group that reads
 *   "0" beside one that reads "fewer than 5" would say which of them holds someone).
 * - A hidden sex or race/ethnicity hides its row or column of the intersectional table.
 * - Complementary, line by line: a line is a table whose total is known (sex, race/ethnicity), or a row or
 *   column of the intersectional table (its total is the sex or race/ethnicity group). If the hidden groups
 *   of a line hold between 1 and `minCell - 1` people, the total minus the shown groups would tell how many,
 *   so the smallest shown group of the line is hidden too; so it is when a lone group is hidden (the total
 *   would give it back whole); repeated until no line changes.
 */

export type Dimension = 'sex' | 'race_ethnicity' | 'intersectional';
export const DIMENSIONS: readonly Dimension[] = ['sex', 'race_ethnicity', 'intersectional'];

/** People per group of each table (every category, in order). */
export type TableSizes = Record<Dimension, ReadonlyMap<string, number>>;
export type Hidden = Record<Dimension, Set<string>>;

const cellOf = (sex: string, race: string) => `${sex}|${race}`;

export function hiddenGroups(
  sizes: TableSizes,
  minCell: number,
  alsoHide?: Partial<Record<Dimension, Iterable<string>>>,
) {
  const hidden: Hidden = {
    sex: new Set(),
    race_ethnicity: new Set(),
    intersectional: new Set(),
  };
  for (const d of DIMENSIONS) {
    for (const [group, n] of sizes[d]) if (n < minCell) hidden[d].add(group);
    for (const group of alsoHide?.[d] ?? []) hidden[d].add(group);
  }
  const sexes = [...sizes.sex.keys()];
  const races = [...sizes.race_ethnicity.keys()];
  const lines: [Dimension, string[]][] = [
    ['sex', sexes],
    ['race_ethnicity', races],
    ...sexes.map((s): [Dimension, string[]] => ['intersectional', races.map((r) => cellOf(s, r))]),
    ...races.map((r): [Dimension, string[]] => ['intersectional', sexes.map((s) => cellOf(s, r))]),
  ];
  const size = (d: Dimension, g: string) => sizes[d].get(g) ?? 0;
  /** One change, the one-dimensional tables first (so that the intersectional lines see their outcome). */
  const step = (): boolean => {
    for (const [d, groups] of lines) {
      if (d === 'intersectional') break;
      if (protect(d, groups)) return true;
    }
    let changed = false;
    for (const s of hidden.sex) for (const r of races) changed = add(hidden.intersectional, cellOf(s, r)) || changed;
    for (const r of hidden.race_ethnicity)
      for (const s of sexes) changed = add(hidden.intersectional, cellOf(s, r)) || changed;
    if (changed) return true;
    return lines.some(([d, groups]) => d === 'intersectional' && protect(d, groups));
  };
  const protect = (d: Dimension, groups: string[]) => {
    const inLine = groups.filter((g) => sizes[d].has(g));
    const hiddenInLine = inLine.filter((g) => hidden[d].has(g));
    const held = hiddenInLine.reduce((sum, g) => sum + size(d, g), 0);
    // A lone hidden group comes back whole from the total (a group hidden for its undecided count too).
    const lone = hiddenInLine.length === 1 && held > 0;
    if (!lone && (held === 0 || held >= minCell)) return false;
    const smallest = inLine.filter((g) => !hidden[d].has(g)).sort((a, b) => size(d, a) - size(d, b))[0];
    return smallest !== undefined && add(hidden[d], smallest);
  };
  while (step());
  return hidden;
}

function add(set: Set<string>, value: string) {
  if (set.has(value)) return false;
  set.add(value);
  return true;
}

/** Every group of every table hidden: a view too small, or too close to a broader one, to show any. */
export function hideAll(sizes: TableSizes): Hidden {
  return {
    sex: new Set(sizes.sex.keys()),
    race_ethnicity: new Set(sizes.race_ethnicity.keys()),
    intersectional: new Set(sizes.intersectional.keys()),
  };
}
