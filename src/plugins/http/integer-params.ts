import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import { integerProblem } from '../../schemas/integer-params.js';

/**
 * Integer query and path parameters are finite integers in range, written as digits, or a 400 naming the
 * parameter and its range: checked before Fastify's Ajv coerces them (see integerProblem).
 */
async function integerParams(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema;
    if (!schema) return done();
    for (const part of ['querystring', 'params'] as const) {
      const problem = integerProblem(
        schema[part] as never,
        request[part === 'querystring' ? 'query' : 'params'],
        part === 'querystring',
      );
      if (problem) {
        const err = new Errors.InvalidParameter(`${part}${problem.instancePath} ${problem.message}`);
        return done(Object.assign(err, { validation: [problem], validationContext: part }));
      }
    }
    done();
  });
}

export default fp(integerParams, { name: 'integer-params', dependencies: ['error-handler'] });
