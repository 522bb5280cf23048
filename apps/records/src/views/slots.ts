import type { Entity, EntityRights, RecordDto, RecordPerson } from '@atrium/shared/apps';
import type { ComponentType } from 'react';
import type { RecordsApi } from '../model/RecordsApi.js';
import type { Schedule } from '../model/ListModel.js';

/** What a view of an entity's records besides the list (board, calendar) is given. */
export interface EntityViewProps {
  app: string;
  entityKey: string;
  entity: Entity;
  rights: EntityRights;
  api: RecordsApi;
  schedule: Schedule;
  /** Opens a record in its own window; `names` are the records shown, for its next and previous. */
  open(record: RecordDto, names: readonly string[]): void;
  /** Hears that records changed (null: the connection came back and changes may have been missed); returns the unsubscribe. */
  onRecordsChanged(listener: (change: { app: string; entity: string; names: string[] } | null) => void): () => void;
}

/** What the form's side panel of a record's timeline is given. */
export interface TimelineViewProps {
  app: string;
  entity: Entity;
  record: RecordDto;
  api: RecordsApi;
  /** May the user comment on the record. */
  canComment: boolean;
  /** Names of the people and linked records the record's values name (the form's), for the changes' values. */
  people?: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, string>>;
  /** People a comment may mention besides those the record and its timeline name. */
  mentionable?: readonly RecordPerson[];
  /** Hears that records changed (null: changes may have been missed); returns the unsubscribe. */
  onRecordsChanged?(listener: (change: { app: string; entity: string; names: string[] } | null) => void): () => void;
}

/**
 * The views of records that are not the list or the form: the board and
 * calendar of an entity (offered only when its views declare them) and the
 * timeline beside a form. Each slot is filled where its view is written;
 * an empty slot is not offered at all.
 */
export const RECORD_VIEWS: {
  board?: ComponentType<EntityViewProps>;
  calendar?: ComponentType<EntityViewProps>;
  timeline?: ComponentType<TimelineViewProps>;
} = {};
