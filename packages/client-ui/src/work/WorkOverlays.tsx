import { lazy, Suspense, useEffect, type JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';

// The side panel with its texts, with the clipboard's first press; the dialogs when first opened.
const NotificationCentrePanel = lazy(() => import('./NotificationCentrePanel.js'));
const loadSnooze = () => import('./SnoozeDialog.js');
const loadComments = () => import('./CommentsDialog.js');
const SnoozeDialog = lazy(loadSnooze);
const CommentsDialog = lazy(loadComments);

/** How long after the side panel opens its dialogs are fetched, so that they open at once when asked for. */
export const WORK_DIALOGS_PRELOAD = 1000;

/**
 * The notification centre's overlays (docs/behaviour/work.md#notification-centre):
 * the side panel while it is open, and the snooze or comments dialog the
 * desktop's NotificationCentreModel names (opened from the panel or by an
 * application through Desktop.tasks). Each is a chunk of its own; the
 * dialogs are fetched a second after the panel opens.
 */
export function WorkOverlays(): JSX.Element {
  const { work } = useDesktop();
  const { open, dialog } = useObservable(work);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      loadSnooze().catch(() => undefined);
      loadComments().catch(() => undefined);
    }, WORK_DIALOGS_PRELOAD);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <NotificationCentrePanel />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'snooze' ? <SnoozeDialog key={`s${dialog.taskId}`} taskId={dialog.taskId} mode={dialog.mode} /> : <CommentsDialog key={`c${dialog.taskId}`} taskId={dialog.taskId} />}
        </Suspense>
      )}
    </>
  );
}
