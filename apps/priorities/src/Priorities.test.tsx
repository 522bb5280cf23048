import { renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import type { Desktop } from '@atrium/sdk';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import priorities from './index.js';
import metadata from '../metadata.json';
import { BOSS, task, testHost } from './model/testHost.js';

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
});

describe('Priorities', () => {
  it('says under a task that came to the user as a delegate whose it was', async () => {
    const host = testHost([task('Approve the trip', -2, { delegated_from: BOSS }), task('Own work', 5)]);
    current = await renderApplication(priorities, metadata as Parameters<typeof renderApplication>[1], { tasks: host.tasks as unknown as Desktop['tasks'] });
    const rows = await screen.findAllByTestId('priorities.task');
    expect(rows.map((row) => within(row).getByTestId('priorities.task.name').textContent)).toEqual(['Approve the trip', 'Own work']);
    expect(within(rows[0]!).getByTestId('priorities.task.delegated').textContent).toBe('Delegated by Olivia Hart');
    expect(within(rows[1]!).queryByTestId('priorities.task.delegated')).toBeNull();
  });
});
