import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.js';
import type { SignIn } from '../sign-in.js';

/** The sign-in service the routes call; its routes are registered when it is off too (they answer 404). */
export function signInOf(app: FastifyInstance): SignIn {
  if (!app.signIn) throw new Errors.SignInNotConfigured();
  return app.signIn;
}
