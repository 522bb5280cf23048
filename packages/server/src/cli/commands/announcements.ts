/** `atrium announcement ...`: add, list. */
import { RESOURCE_TYPES, ResourceService } from '../../resources/ResourceService.js';
import { CliError, type CommandSpec } from '../args.js';
import { formatJson, formatTable } from '../format.js';
import { checkLink, readInputFile } from '../input.js';
import { findOrg } from '../lookup.js';

const MEDIA_EXTENSIONS = Object.entries(RESOURCE_TYPES)
  .filter(([, mime]) => mime.startsWith('image/') || mime.startsWith('video/'))
  .map(([ext]) => ext);

const add: CommandSpec = {
  group: 'announcement',
  name: 'add',
  summary: "add an announcement to an organisation's sign-in page",
  description:
    "Adds an announcement at the end of an organisation's sign-in slider. The media file's\n" +
    `extension decides whether it is an image or a video (${MEDIA_EXTENSIONS.join(', ')}).\n` +
    'Fallback announcements are shown when the others cannot be.',
  positionals: [],
  options: {
    org: { type: 'string', arg: 'org', help: 'organisation (name or id)', required: true },
    name: { type: 'string', arg: 'title', help: 'headline', required: true },
    description: { type: 'string', arg: 'text', help: 'body text' },
    link: { type: 'string', arg: 'url', help: 'address the announcement links to' },
    media: { type: 'string', arg: 'file', help: 'image or video file' },
    fallback: { type: 'boolean', help: 'a fallback announcement' },
  },
  examples: ['announcement add --org "Northwind Trading" --name "Planned maintenance" --media maintenance.jpg --fallback'],
  validate(args) {
    const link = args.string('link');
    if (link !== undefined) checkLink(link, 'link');
  },
  async run({ stores }, args, io) {
    const link = args.string('link');
    const org = await findOrg(stores, args.required('org'));
    const mediaFile = args.string('media');
    let media: { mediaResourceId: string; mediaType: 'image' | 'video' } | undefined;
    if (mediaFile !== undefined) {
      let mime: string;
      try {
        mime = ResourceService.mimeOf(mediaFile);
      } catch {
        throw new CliError(`Unsupported media file '${mediaFile}'. Accepted: ${MEDIA_EXTENSIONS.join(', ')}.`);
      }
      const data = readInputFile(mediaFile, 'media');
      const resource = await new ResourceService(stores.resources, stores.blobs).add(mediaFile, data);
      media = { mediaResourceId: resource.id, mediaType: mime.startsWith('video/') ? 'video' : 'image' };
    }
    const announcement = await stores.announcements.create({
      accountId: org.id,
      name: args.required('name').trim(),
      description: args.string('description') ?? '',
      link: link ?? null,
      fallback: args.flag('fallback'),
      ...media,
    });
    io.stdout(
      `Added announcement '${announcement.name}' to ${org.name} at position ${announcement.position} (id ${announcement.id})` +
        `${media ? ` with ${media.mediaType}` : ''}${announcement.fallback ? ', fallback' : ''}.`,
    );
  },
};

const list: CommandSpec = {
  group: 'announcement',
  name: 'list',
  summary: "list an organisation's announcements in slider order",
  positionals: [],
  options: {
    org: { type: 'string', arg: 'org', help: 'organisation (name or id)', required: true },
    json: { type: 'boolean', help: 'print JSON instead of a table' },
  },
  async run({ stores }, args, io) {
    const org = await findOrg(stores, args.required('org'));
    const announcements = await stores.announcements.listForAccount(org.id);
    if (args.flag('json')) {
      io.stdout(
        formatJson(
          announcements.map((a) => ({
            id: a.id,
            position: a.position,
            name: a.name,
            description: a.description,
            link: a.link,
            mediaResourceId: a.mediaResourceId,
            mediaType: a.mediaResourceId ? a.mediaType : null,
            fallback: a.fallback,
          })),
        ),
      );
      return;
    }
    if (announcements.length === 0) {
      io.stdout(`${org.name} has no announcements.`);
      return;
    }
    io.stdout(
      formatTable(
        ['#', 'NAME', 'MEDIA', 'FALLBACK', 'LINK'],
        announcements.map((a) => [String(a.position), a.name, a.mediaResourceId ? a.mediaType : '', a.fallback ? 'yes' : '', a.link ?? '']),
      ),
    );
  },
};

export const announcementCommands: readonly CommandSpec[] = [add, list];
