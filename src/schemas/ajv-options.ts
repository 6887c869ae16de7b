import { EXPECTED } from './validation-message.js';

/**
 * Fastify's Ajv options for params and query strings (arrays from scalars, defaults filled in, unknown
 * properties refused, first error only). The MCP tools validate their arguments with the same. `verbose`
 * gives an error the schema it broke, from which describeProblem words the fix.
 */
export const AJV_OPTIONS = {
  customOptions: {
    coerceTypes: 'array' as const,
    removeAdditional: false,
    allErrors: false,
    verbose: true,
    keywords: [EXPECTED],
  },
};
