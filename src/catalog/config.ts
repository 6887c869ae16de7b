/** The ranking's tunable constants (chosen on the catalog dev set; see bench/catalog-eval.ts). */
export type RankConfig = {
  /** BM25 saturation, applied once to the weighted sum of the fields (BM25F). */
  k1: number;
  nameWeight: number;
  serverWeight: number;
  descriptionWeight: number;
  /** Parameter names and descriptions (`inputSchema.properties`): a weaker field than the description. */
  paramsWeight: number;
  /** Length normalisation per field (0: none, 1: full). */
  nameB: number;
  serverB: number;
  descriptionB: number;
  paramsB: number;
  /** Weight of `context` terms relative to `query` terms. */
  contextWeight: number;
  /** Share of the best score among a tool's server siblings added to each matching tool. */
  serverBoost: number;
  /**
   * Weight of the server as one document (all its tools' text pooled) in the score of each of its
   * tools, those that match nothing themselves included: tasks often need several tools of one server.
   */
  serverDocWeight: number;
  /** Weight of a topic (concept-table.ts) brought in by an asked word. */
  conceptWeight: number;
  /** Name-field weight of a query word found inside a glued name (`inventory` in `getinventory`). */
  gluedWeight: number;
  /** Relevance = σ(bias + slope · ln(score / ceiling)); see calibrate.ts. */
  calibrationBias: number;
  calibrationSlope: number;
  /** The ceiling is the query's ideal score, capped at this many perfect rare-term matches. */
  calibrationTerms: number;
};

export const DEFAULT_CONFIG: RankConfig = {
  k1: 2,
  nameWeight: 4,
  serverWeight: 1.5,
  descriptionWeight: 0.8,
  paramsWeight: 0.3,
  nameB: 0.5,
  serverB: 0.3,
  descriptionB: 0.5,
  paramsB: 0.75,
  contextWeight: 0.3,
  serverBoost: 0.15,
  serverDocWeight: 0.4,
  conceptWeight: 0.85,
  gluedWeight: 0.4,
  calibrationBias: 0.6,
  calibrationSlope: 2.4,
  calibrationTerms: 6,
};
