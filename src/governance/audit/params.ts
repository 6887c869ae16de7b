/** The parameters holding what someone searched for: kept only when AUDIT_RECORD_QUERIES is true. */
export const QUERY_PARAMS: readonly string[] = ['query', 'context'];

/** Characters of one string parameter a record keeps (longer ones are cut, with `…`). */
export const MAX_PARAM_CHARS = 500;
