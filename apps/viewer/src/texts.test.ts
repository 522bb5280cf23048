import { describeTexts } from '@atrium/app-kit/testing';
import { VIEWER_TEXTS } from './texts.js';

describeTexts('viewer', VIEWER_TEXTS);
