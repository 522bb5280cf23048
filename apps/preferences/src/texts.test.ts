import { describeTexts } from '@atrium/app-kit/testing';
import { PREFERENCES_TEXTS } from './texts.js';

describeTexts('preferences', PREFERENCES_TEXTS, {
  // A time alone reads the same in Chinese: 09:00.
  sameWordIn: { 'preferences.section.notifications': ['fr_FR'], 'preferences.notifications.digestAt': ['zh_CN'] },
});
