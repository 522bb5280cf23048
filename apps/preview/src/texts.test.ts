import { describeTexts } from '@atrium/app-kit/testing';
import { PREVIEW_TEXTS } from './texts.js';

describeTexts('preview', PREVIEW_TEXTS);
