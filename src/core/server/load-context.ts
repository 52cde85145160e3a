import type { Config } from '~/core/config.server';
import type { SessionState } from '~/core/session/session.server';

/** What the server hands every loader and action (see core/server/pages.server.ts). */
export interface PageContext {
  nonce: string;
  config: Config;
  sid: string;
  session(): Promise<SessionState>;
  /** Secret-derived token a plain HTML form must echo as `_token`. */
  xsrfToken: string;
  clientIp: string;
}

declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}
