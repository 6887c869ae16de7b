/**
 * Fastify's Ajv options for params and query strings (arrays from scalars, defaults filled in, unknown
 * properties refused, first error only). The MCP tools validate their arguments with the same.
 */
export const AJV_OPTIONS = {
  customOptions: { coerceTypes: 'array' as const, removeAdditional: false, allErrors: false },
};
