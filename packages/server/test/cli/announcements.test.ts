// @module-tag embedded-only
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TYPES } from '../../src/resources/ResourceService.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createCliHarness, type CliHarness } from './cliHarness.js';

describe(`atrium announcement on ${databaseKind}`, () => {
  let h: CliHarness;
  let acmeId: string;
  beforeAll(async () => {
    h = await createCliHarness();
    acmeId = (await h.ctx.stores.accounts.create({ name: 'Acme' })).id;
    await h.ctx.stores.accounts.create({ name: 'Globex' });
  });
  afterAll(() => h.close());

  describe('add', () => {
    it('adds an announcement with an image, stored as a resource', async () => {
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      const r = await h.run([
        'announcement', 'add', '--org', 'Acme', '--name', 'Welcome', '--description', 'Hello there',
        '--link', 'https://acme.test/welcome', '--media', h.file('welcome.PNG', bytes),
      ]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      const [announcement] = await h.ctx.stores.announcements.listForAccount(acmeId);
      expect(r.stdout).toBe(`Added announcement 'Welcome' to Acme at position 0 (id ${announcement!.id}) with image.`);
      expect(announcement).toMatchObject({ name: 'Welcome', description: 'Hello there', link: 'https://acme.test/welcome', mediaType: 'image', fallback: false, position: 0 });
      const resource = (await h.ctx.stores.resources.findById(announcement!.mediaResourceId!))!;
      expect(resource).toMatchObject({ filename: 'welcome.PNG', mime: 'image/png', size: bytes.length });
      expect(Buffer.concat(await (await h.ctx.stores.blobs.read(resource.id))!.toArray())).toEqual(bytes);
    });

    it('derives a video from the extension and appends after the others', async () => {
      const r = await h.run(['announcement', 'add', '--org', acmeId, '--name', 'Tour', '--media', h.file('tour.webm', 'webm'), '--fallback']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Added announcement 'Tour' to Acme at position 1 \(id [0-9a-f-]{36}\) with video, fallback\.$/);
      expect((await h.ctx.stores.announcements.listForAccount(acmeId))[1]).toMatchObject({ name: 'Tour', mediaType: 'video', fallback: true });
    });

    it('adds an announcement without media', async () => {
      expect((await h.run(['announcement', 'add', '--org', 'Globex', '--name', 'Plain'])).code).toBe(0);
      const globex = (await h.ctx.stores.accounts.findByName('Globex'))!;
      expect(await h.ctx.stores.announcements.listForAccount(globex.id)).toMatchObject([{ name: 'Plain', mediaResourceId: null, description: '', link: null }]);
    });

    it('refuses an unsupported media type and lists the accepted ones', async () => {
      const file = h.file('notes.pdf', '%PDF');
      const r = await h.run(['announcement', 'add', '--org', 'Acme', '--name', 'Doc', '--media', file]);
      expect(r).toEqual({ code: 1, stdout: '', stderr: `Unsupported media file '${file}'. Accepted: ${Object.keys(RESOURCE_TYPES).join(', ')}.` });
      expect((await h.ctx.stores.announcements.listForAccount(acmeId)).map((a) => a.name)).toEqual(['Welcome', 'Tour']);
    });

    it('refuses a media file that does not exist', async () => {
      const r = await h.run(['announcement', 'add', '--org', 'Acme', '--name', 'Gone', '--media', '/nonexistent/gone.jpg']);
      expect(r).toMatchObject({ code: 1, stderr: "Cannot read the media file '/nonexistent/gone.jpg': no such file." });
    });

    it('reports an unknown organisation with exit code 1', async () => {
      expect(await h.run(['announcement', 'add', '--org', 'Initech', '--name', 'X'])).toEqual({ code: 1, stdout: '', stderr: "No organisation named 'Initech'." });
    });

    it.each([
      [['announcement', 'add', '--name', 'X'], 'missing required option --org'],
      [['announcement', 'add', '--org', 'Acme'], 'missing required option --name'],
      [['announcement', 'add', '--org', 'Acme', '--name', 'X', '--link', 'acme.test'], "--link must be an http(s) address, not 'acme.test'"],
      [['announcement', 'add', 'Acme', '--org', 'Acme', '--name', 'X'], "unexpected argument 'Acme'"],
    ])('rejects the command line %j with usage and exit code 2', async (argv, message) => {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${message}`);
      expect(r.stderr).toContain('Usage: atrium announcement add --org <org> --name <title> [options]');
    });
  });

  describe('list', () => {
    it("lists an organisation's announcements in slider order", async () => {
      const r = await h.run(['announcement', 'list', '--org', 'Acme']);
      expect(r.code).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toMatch(/^#\s+NAME\s+MEDIA\s+FALLBACK\s+LINK$/);
      expect(lines[2]).toMatch(/^0\s+Welcome\s+image\s+https:\/\/acme\.test\/welcome$/);
      expect(lines[3]).toMatch(/^1\s+Tour\s+video\s+yes$/);
    });

    it('prints JSON with --json, and says when there is none', async () => {
      const list = JSON.parse((await h.run(['announcement', 'list', '--org', 'Acme', '--json'])).stdout) as Array<Record<string, unknown>>;
      expect(list).toMatchObject([{ name: 'Welcome', position: 0, mediaType: 'image' }, { name: 'Tour', position: 1, mediaType: 'video', fallback: true }]);
      await h.ctx.stores.accounts.create({ name: 'Empty' });
      expect(await h.run(['announcement', 'list', '--org', 'Empty'])).toMatchObject({ code: 0, stdout: 'Empty has no announcements.' });
    });

    it('needs an existing organisation', async () => {
      expect(await h.run(['announcement', 'list', '--org', 'Initech'])).toMatchObject({ code: 1, stderr: "No organisation named 'Initech'." });
      expect((await h.run(['announcement', 'list'])).code).toBe(2);
    });
  });
});
