import { ForgotPasswordModel, ResetPasswordModel, SliderModel, type ClientConfig, type ClientEnvironment, type Session } from '@atrium/client-core';
import type { Envelope } from '@atrium/shared';
import type { ModelFactories, PrivacyPolicy } from './ports.js';

/** The real models of the sign-in screens, over the session's request clients (the desktop's come from client-core's createDesktop). */
export function createModelFactories(env: ClientEnvironment, session: Session, config: ClientConfig): ModelFactories {
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
  };
}
