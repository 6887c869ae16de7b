import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { HeadlessBrowser } from './browser.js';

/** Where the "MCP client" listens for the code (never served: the headless browser stops there). */
export const CLIENT_REDIRECT = 'http://127.0.0.1:33418/oauth/callback';

/**
 * The MCP SDK's OAuthClientProvider as a desktop client implements it, in memory. Its
 * `redirectToAuthorization` is the person's browser: it follows the redirects, approves our consent form,
 * signs in on the fake Slack as `user`, and keeps the code the client's redirect URI receives.
 */
export class TestOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** The redirect our server sent the client back with (code, state, iss; or error). */
  returned?: URL;
  readonly browser: HeadlessBrowser;

  constructor(
    user: string,
    readonly options: {
      clientMetadataUrl?: string;
      decision?: 'approve' | 'deny';
      name?: string;
      /** What the person ticks on the consent page (else what it preselects). */
      scope?: string;
    } = {},
  ) {
    this.browser = new HeadlessBrowser({ user, decision: options.decision, scope: options.scope });
  }

  get redirectUrl() {
    return CLIENT_REDIRECT;
  }
  get clientMetadataUrl() {
    return this.options.clientMetadataUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name ?? 'SDK test client',
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'client-state-42';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.returned = await this.browser.follow(url.href, CLIENT_REDIRECT);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  /** The code the client received, or a failure naming the error it received instead. */
  code(): string {
    const code = this.returned?.searchParams.get('code');
    if (!code) throw new Error(`no code: ${this.returned?.href}`);
    return code;
  }
}
