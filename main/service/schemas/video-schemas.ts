import { Type, type Static } from '@sinclair/typebox';
import { VIDEO_STATUSES } from '../store/videos-repo.js';
import { LeftStartTeam, Nullable, Side, StringEnum } from './common.js';

export const VideoStatus = StringEnum(VIDEO_STATUSES);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const teamName = (which: string) => Type.String({ minLength: 1, maxLength: 100, description: `${which} team display name (at most 100 characters)` });

const writable = {
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Display title' })),
  home_team_name: Type.Optional(teamName('Home')),
  away_team_name: Type.Optional(teamName('Away')),
  date: Type.Optional(Nullable(Type.String({ pattern: DATE, description: 'Match date, YYYY-MM-DD' }))),
  start_offset_seconds: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'Seconds trimmed from the beginning: the analysis starts at this position of the file' }))),
  end_offset_seconds: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'Position (seconds from the start of the file) where the analysis stops; null = the end of the file' }))),
  left_start_team: Type.Optional(StringEnum(['home', 'away'], {
    description: 'Which team defends the left half at kickoff; once set by a client, the service never overwrites it',
  })),
};

export const VideoCreateBody = Type.Object({
  video_file_url: Type.String({
    minLength: 1, maxLength: 4096,
    description: 'http(s):// URL (downloaded with resume), file:// URL or absolute local path (read in place, never copied)',
  }),
  ...writable,
}, { additionalProperties: false });
export type VideoCreateBody = Static<typeof VideoCreateBody>;

export const VideoUpdateBody = Type.Object(writable, { additionalProperties: false });
export type VideoUpdateBody = Static<typeof VideoUpdateBody>;

export const AnalysisRef = Type.Object({ id: Type.Integer(), status: Type.String() });

const listFields = {
  id: Type.Integer(),
  status: VideoStatus,
  game_name: Type.String({ description: 'Unique identifier, YYYY-MM-DD_<fixture>-<n>' }),
  title: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  home_team_name: Type.String(),
  away_team_name: Type.String(),
  duration: Nullable(Type.Integer({ description: 'Seconds (of the whole file); null until the video has been validated' })),
  analyses: Type.Array(AnalysisRef),
};

export const VideoListItem = Type.Object(listFields, { $id: 'VideoListItem' });

export const VideoSource = Type.Object({
  kind: StringEnum(['http', 'local', 'none'], { description: '`none`: a tracking-only video created by an import (no video file)' }),
  bytes_downloaded: Type.Integer(),
  bytes_total: Nullable(Type.Integer()),
  size_bytes: Nullable(Type.Integer()),
  container: Nullable(Type.String()),
  video_codec: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  fps: Nullable(Type.Number()),
  duration_seconds: Nullable(Type.Number()),
  has_audio: Nullable(Type.Boolean()),
  analysis: Nullable(Type.Object({ fps: Type.Integer(), width: Type.Integer(), height: Type.Integer() }, {
    description: 'Frame rate and size the analysis decodes at (25 FPS; at most 1080 lines)',
  })),
}, { description: 'Touchline extension: the source as measured (null fields until validated)' });

export const Video = Type.Object({
  ...listFields,
  mp4_source: Nullable(Type.String({ description: 'The source as registered: http(s) URL or file:// URL; null for a tracking-only video (import without a video file)' })),
  left_start_team: LeftStartTeam,
  team_zero: Nullable(Side),
  status_reason: Nullable(Type.String({ description: 'Touchline extension: why the status is error (readable), else null' })),
  date: Nullable(Type.String()),
  start_offset_seconds: Nullable(Type.Integer()),
  end_offset_seconds: Nullable(Type.Integer()),
  source: VideoSource,
}, { $id: 'Video' });
export type Video = Static<typeof Video>;

export const VideoCreated = Type.Object({
  id: Type.Integer(),
  status: VideoStatus,
  game_name: Type.String(),
  title: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export const ListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1' }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page, 1-100' }),
  status: Type.Optional(VideoStatus),
}, { additionalProperties: false });

export const Links = Type.Object({
  self: Type.String(), first: Type.String(), last: Type.String(),
  prev: Nullable(Type.String()), next: Nullable(Type.String()),
});
export const PageMeta = Type.Object({
  current_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer(), last_page: Type.Integer(),
  from: Nullable(Type.Integer({ description: '1-based position of the first item on this page; null when empty' })),
  to: Nullable(Type.Integer()),
});
