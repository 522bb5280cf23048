/**
 * Helpers for the panel's view tests: the real desktop of renderDesktop with
 * its top panel, a profile the fake server answers, real applications and
 * a way to let launches finish. Never imported by production code.
 */
import { defineApplication } from '@atrium/sdk';
import { builtinEntry, flushPromises, jsonResponse, makeProfile } from '@atrium/client-core/testing';
import type { BuiltinLoaders } from '@atrium/client-core';
import type { PackageManifestEntry, Profile, ProfileApp } from '@atrium/shared';
import { VIEWER_APP_TYPE } from '@atrium/shared';
import { act } from '@testing-library/react';
import { DesktopPanels } from './DesktopPanels.js';
import { desktopPerTest, type DesktopTest, type DesktopTestOptions } from '../testing/renderDesktop.js';

/** An application package every user sees, titled in English and German. */
export function appPackage(name: string, title: string, extra: Partial<Parameters<typeof builtinEntry>[0]> = {}): PackageManifestEntry {
  return builtinEntry({ name, type: 'application', title: { en_EN: title, de_DE: `${title} (de)` }, files: ['main.js'], defaultAppforOrgs: 1, ...extra });
}

/** An application that opens one window titled after it, recording its launches' arguments. */
export function windowApp(title: string, launched: unknown[] = []) {
  return async () => ({
    default: defineApplication(async (app) => {
      launched.push(app.args);
      app.createWindow({ id: 'main', title, render: () => undefined });
    }),
  });
}

/** An organisation page of the profile (opens in the Viewer). */
export function pageApp(name: string, title: string, category: string): ProfileApp {
  return { name, uuid: `uuid-${name}`, category, is_base_app: true, type: 'web', app_type: VIEWER_APP_TYPE, start_options: JSON.stringify({ name, title, url: `/pages/${name}.html` }) };
}

/** An app of the profile that has no package (granted, not installed). */
export function missingApp(name: string, title: string, category: string): ProfileApp {
  return { name, uuid: `uuid-${name}`, category, is_base_app: false, type: 'web', app_type: 1, start_options: JSON.stringify({ name, title }) };
}

/** Makes the fake server answer this profile and has the desktop read it again. */
export async function giveProfile(t: DesktopTest, overrides: Partial<Profile>): Promise<void> {
  const profile = makeProfile(overrides);
  t.env.route('GET', '/api/v1/user/me/a+p+acc+ap+t', () => jsonResponse(200, { status: 'success', data: profile }));
  await act(async () => {
    await t.session.updateProfile();
  });
}

/** Lets launches, timers and promises run. */
export async function settle(t: DesktopTest): Promise<void> {
  await act(async () => {
    await t.clock.settle();
    await flushPromises();
  });
}

/** For a test file: a started desktop with its top panel (menu, window list, tray, profile), per test. */
export function panelDesktopPerTest(options: { builtins?: BuiltinLoaders; manifest?: PackageManifestEntry[] } & Pick<DesktopTestOptions, 'clock'> = {}) {
  const render = desktopPerTest({ ...options, children: <DesktopPanels position="top" /> });
  return async (profile?: Partial<Profile>): Promise<DesktopTest> => {
    const t = await render();
    if (profile) await giveProfile(t, profile);
    await t.start();
    return t;
  };
}
