import { describe, expect, it, vi } from 'vitest';
import type { FileSystemChange } from './FileSystem.js';
import { lazyFileSystem } from './LazyFileSystem.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';

const memory = () => new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: { 'home:/a.txt': 'a' } });

describe('lazyFileSystem', () => {
  it('loads the implementation with the first call only, and hands every operation on', async () => {
    const load = vi.fn(async () => memory());
    const fs = lazyFileSystem(load);
    expect(load).not.toHaveBeenCalled();
    expect((await fs.readdir('home:/')).map((e) => e.path)).toEqual(['home:/a.txt']);
    await fs.writefile('home:/b.txt', 'b');
    expect(await fs.readfile('home:/b.txt')).toBe('b');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(memory());
    const fs = lazyFileSystem(load);
    await expect(fs.exists('home:/a.txt')).rejects.toThrow('Failed to fetch');
    expect(await fs.exists('home:/a.txt')).toBe(true);
  });

  it("tells listeners subscribed before the load of the implementation's changes, and of the changes made elsewhere", async () => {
    const fs = lazyFileSystem(async () => memory());
    const changes: FileSystemChange[] = [];
    const stop = fs.subscribe((change) => changes.push(change));
    await fs.mkdir('home:/New');
    fs.notify({ operation: 'writefile', directories: ['home:/Shared'] });
    stop();
    await fs.touch('home:/x.txt');
    expect(changes).toEqual([
      { operation: 'mkdir', directories: ['home:/'] },
      { operation: 'writefile', directories: ['home:/Shared'] },
    ]);
  });
});
