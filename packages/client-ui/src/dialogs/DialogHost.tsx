import { loadDialogKinds, type DialogModel, type DialogService } from '@atrium/client-core';
import { useCallback, useEffect, useSyncExternalStore, type JSX } from 'react';
import { createPortal } from 'react-dom';
import { useDesktop } from '../desktop/DesktopContext.js';
import { whenIdle } from '../hooks/whenIdle.js';
import { DialogView } from './DialogView.js';

function useDialogs(dialogs: DialogService): readonly DialogModel[] {
  const subscribe = useCallback((listener: () => void) => dialogs.subscribe(listener), [dialogs]);
  return useSyncExternalStore(subscribe, () => dialogs.dialogs());
}

/**
 * Renders every open dialog of the DialogService inside its window: each
 * dialog's view is portalled into the body of the WindowFrame of its wid
 * (WindowSlots). The frame supplies the chrome; its close button closes the
 * window, which the model treats as the negative button. The models of the
 * kinds opened now and then (colour, font, file, choice, default
 * application) are fetched once the desktop is idle, so that such a dialog
 * opens at once (client-core's loadDialogKinds).
 */
export function DialogHost(): JSX.Element {
  const { dialogs, slots } = useDesktop();
  const list = useDialogs(dialogs);
  useEffect(() => whenIdle(() => void loadDialogKinds().catch((error: unknown) => console.warn('The dialogs could not be fetched ahead.', error))), []);
  useSyncExternalStore(slots.subscribe, slots.version);
  return (
    <>
      {list.map((model) => {
        const body = slots.get(model.wid);
        return body ? createPortal(<DialogView model={model} />, body, `dialog-${model.wid}`) : null;
      })}
    </>
  );
}
