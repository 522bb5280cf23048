import { forgetLaunchRequest, ForgotPasswordModel, ResetPasswordModel, SliderModel, type ClientConfig, type ClientEnvironment, type Session } from '@atrium/client-core';
import type { Envelope } from '@atrium/shared';
import type { DesktopEnvironment } from './desktop/createDesktopModels.js';
import type { ModelFactories, PrivacyPolicy } from './ports.js';

/** The real models of the screens: sign-in over the session's request clients, and what the desktop's need. */
export function createModelFactories(env: ClientEnvironment, session: Session, config: ClientConfig, desktop: DesktopEnvironment = {}): ModelFactories {
  return {
    slider: () => new SliderModel(env, session.api, config.apiBase),
    forgotPassword: () => new ForgotPasswordModel(env, session.wrapper),
    resetPassword: (code) => new ResetPasswordModel(env, session.wrapper, code),
    async privacyPolicy(host) {
      const answer = await session.api.get<Envelope<Partial<PrivacyPolicy>>>(`homescreen/privacy-policy/${encodeURIComponent(host)}`);
      const data = answer?.status === 'success' ? answer.data : null;
      if (!data) throw new Error('The privacy policy answer had no data');
      return {
        name: typeof data.name === 'string' ? data.name : null,
        privacyPolicy: typeof data.privacyPolicy === 'string' && data.privacyPolicy !== 'null' ? data.privacyPolicy : null,
      };
    },
    // The desktop's models (window manager, application platform) are built by the desktop itself
    // (createDesktopServices), which is loaded only after sign-in: the login page carries none of them.
    desktopEnvironment: { clock: env.clock, ...desktop, platform: { env, session, config, forgetLaunchRequest: () => forgetLaunchRequest(env) } },
  };
}
