export type RankConfig = {
  k1: number;
  nameWeight: number;
  serverWeight: number;
  descriptionWeight: number;
  nameB: number;
  serverB: number;
  descriptionB: number;
  contextWeight: number;
  serverBoost: number;
  conceptWeight: number;
  gluedWeight: number;
  /** Relevance = σ(bias + slope · ln(score / ceiling)); see calibrate.ts. */
  calibrationBias: number;
  calibrationSlope: number;
  /** The ceiling is the query's ideal score, capped at this many perfect rare-term matches. */
  calibrationTerms: number;
};

export const DEFAULT_CONFIG: RankConfig = {
  k1: 1.5,
  nameWeight: 4,
  serverWeight: 1.5,
  descriptionWeight: 0.8,
  nameB: 0.5,
  serverB: 0.3,
  descriptionB: 0.75,
  contextWeight: 0.3,
  serverBoost: 0.3,
  conceptWeight: 0.7,
  gluedWeight: 0.4,
  calibrationBias: 1.7,
  calibrationSlope: 2.8,
  calibrationTerms: 6,
};
