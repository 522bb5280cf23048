import { defineTexts } from '@atrium/app-kit';
import { workflow_en_EN } from './texts/workflow.en_EN.js';

/**
 * The texts of a record's workflow in Records (docs/behaviour/workflows.md#in-the-runtime),
 * kept apart from the application's other texts and installed beside them
 * at launch (`RECORDS_WORKFLOW_TEXTS.install(app.desktop)`): all are under
 * 'records' and the desktop merges them. English in the bundle, each other
 * locale a module loaded when the desktop needs it.
 */
export const RECORDS_WORKFLOW_TEXTS = defineTexts(workflow_en_EN, {
  de_DE: () => import('./texts/workflow.de_DE.js'),
  fr_FR: () => import('./texts/workflow.fr_FR.js'),
  nb_NO: () => import('./texts/workflow.nb_NO.js'),
  sl_SI: () => import('./texts/workflow.sl_SI.js'),
  vi_VN: () => import('./texts/workflow.vi_VN.js'),
  zh_CN: () => import('./texts/workflow.zh_CN.js'),
});
