import type { ScoringGroup, SelectionGroup } from '@app/shared';

/** A bias audit's group row: impact ratio 1 and nothing flagged unless `rest` says otherwise. */
export const scoringGroup = (
  group: string,
  n: number | null,
  rate: number | null,
  rest: Partial<ScoringGroup> = {},
): ScoringGroup => ({
  group,
  n,
  scoring_rate: rate,
  impact_ratio: 1,
  excluded: false,
  below_four_fifths: false,
  p_value: null,
  significant: false,
  suppressed: null,
  ...rest,
});

/** The same row as a selection-rate row. */
export const asSelection = ({ scoring_rate, ...r }: ScoringGroup): SelectionGroup => ({
  ...r,
  selection_rate: scoring_rate,
});
