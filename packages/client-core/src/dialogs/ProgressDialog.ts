import { DialogBase, type DialogCallback, type DialogContext, type DialogOptions } from './DialogModel.js';

export interface ProgressState {
  /** Percent, 0..100. */
  progress: number;
}

/** Percent clamped to 0..100; anything that is not a number counts as 0. */
export function clampProgress(value: unknown): number {
  return typeof value === 'number' && !Number.isNaN(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** Shows progress, clamped to 0-100 (docs/behaviour/dialogs.md#progress), with a 'cancel' button; calls back with the progress reached. */
export class ProgressDialog extends DialogBase<ProgressState> {
  constructor(context: DialogContext, options: DialogOptions, callback: DialogCallback) {
    super(context, options, callback, {
      kind: 'progress',
      title: () => context.translate('dialog.progress.title'),
      buttons: ['cancel'],
      initial: { progress: clampProgress(options.value) },
    });
  }

  setProgress(value: number): void {
    const progress = clampProgress(value);
    if (progress !== this.getState().progress) this.setState({ progress });
  }

  protected callbackValue(): unknown {
    return this.getState().progress;
  }
}
