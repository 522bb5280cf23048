import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';
import { Desktop } from '../pages/Desktop.js';

/**
 * Connection loss (docs/behaviour/connection.md#connection-loss-mask): on a server of its own, which the journey stops and
 * starts again. While the desktop's socket is down, windows of apps flagged
 * disableAppInput (Preferences) are masked and their input refused; the
 * connection messages come as notifications.
 */
const server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-connection-')), workerPort(Ports.connection));

// While the server is down the browser itself reports the refused socket connections.
test.use({ expectedConsoleErrors: [/WebSocket connection to .* failed/] });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start({ registerPackages: true });
});

test.afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

test('when the server goes away the masked app waits for the network, and the mask goes when it is back', async ({ page }) => {
  test.setTimeout(120_000);
  const desktop = new Desktop(page);
  await desktop.signIn('demo', 'Demo@1234', `${server.url}/`);
  await desktop.openPreferences();
  const preferences = desktop.appWindows('Preferences');
  const mask = preferences.getByTestId('window.connectionMask');
  await expect(preferences.getByTestId('preferences')).toBeVisible();
  await expect(mask).toHaveCount(0);

  // The toast shows for 5 s from the moment the socket drops, which may be before a busy machine has stopped the server:
  // it is looked for from the start.
  const lost = expect(desktop.notification('Connection Lost')).toBeVisible({ timeout: 30_000 });
  await server.stop();
  await lost;
  await expect(mask).toBeVisible();
  await expect(mask).toHaveText('Please Wait for network connection');
  // The masked window takes no input.
  const clicked = await preferences.getByTestId('preferences.theme.Nocturne').click({ timeout: 1000, trial: true }).then(
    () => true,
    () => false,
  );
  expect(clicked).toBe(false);
  // A window of an app without the flag stays usable.
  const other = await desktop.openTestWindow();
  await expect(other.frame.getByTestId('window.connectionMask')).toHaveCount(0);

  const restored = expect(desktop.notification('Connection Restored')).toBeVisible({ timeout: 60_000 });
  await server.start({ registerPackages: false });
  await restored;
  await expect(mask).toHaveCount(0);
  await other.closeButton.click();
  await preferences.getByTestId('preferences.theme.Nocturne').check();
  await expect(preferences.getByTestId('preferences.theme.Nocturne')).toBeChecked();
});
