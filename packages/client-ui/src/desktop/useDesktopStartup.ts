import { useEffect, useRef } from 'react';
import { useAtrium } from '../AtriumContext.js';
import type { Translate } from '../ports.js';
import type { DesktopServices } from './DesktopContext.js';
import { greet } from './greeting.js';

/** Who is signed in, for the greeting. */
export interface DesktopUser {
  name: string;
  preferences: Readonly<Record<string, string>>;
}

/**
 * Starts the desktop's application platform, then: launches the app the
 * page address asked for (once per page, then forgets the request),
 * schedules the autostart apps and shows the greeting. A desktop disposed
 * before its start finishes does none of it (React's strict-mode remount).
 */
export function useDesktopStartup(services: DesktopServices | null, user: DesktopUser | null, translate: Translate): void {
  const { takeLaunchRequest } = useAtrium();
  // The user and texts as they are when the start finishes.
  const latest = useRef({ user, translate });
  useEffect(() => {
    latest.current = { user, translate };
  });
  useEffect(() => {
    const runtime = services?.runtime;
    if (!services || !runtime) return;
    let live = true;
    runtime.start().then(
      () => {
        if (!live) return;
        const launch = takeLaunchRequest();
        if (launch) {
          const settled = () => services.forgetLaunchRequest();
          runtime.packages.launch({ app: launch.app, options: launch.options }).then(settled, settled);
        }
        runtime.packages.autostart();
        const { user: current, translate: t } = latest.current;
        if (current) greet(runtime.notifications, t, current, services.now());
      },
      (error: unknown) => console.error('The desktop could not start.', error),
    );
    return () => {
      live = false;
    };
  }, [services, takeLaunchRequest]);
}
