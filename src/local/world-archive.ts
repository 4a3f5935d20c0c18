import type BetterSqlite3 from 'better-sqlite3';
import type { LoopbackAttachment, LoopbackChannel, LoopbackMessage } from '../loopback/index.ts';

/**
 * The local table's Discord (guild, channels, threads, DMs, users, public messages and their images),
 * kept in tables of their own in the bot's SQLite file, so that one file holds everything a local
 * game needs after a restart. The loopback keeps its world in memory only; the game store knows
 * thread, user and message ids, so those must come back unchanged.
 *
 * The bot's id changes at every start (the loopback makes a new application), so it is stored as
 * `BOT` and swapped back in on restore.
 */
export const BOT = '@bot';

export interface ArchivedGuild {
  readonly id: string;
  readonly name: string;
  /** The text channel where the page opens. */
  readonly channelId: string;
}

export interface ArchivedUser {
  readonly id: string;
  readonly username: string;
  /** Has Manage Server (the first user of a table), so `/manage` can be tried by hand. */
  readonly manager: boolean;
}

export interface ArchivedChannel {
  readonly id: string;
  readonly type: LoopbackChannel['type'];
  readonly guildId: string | null;
  readonly name: string;
  readonly parentId: string | null;
  readonly ownerId: string | null;
  readonly recipientId: string | null;
  readonly memberIds: readonly string[];
  readonly archived: boolean;
  readonly locked: boolean;
  readonly autoArchiveDuration: number;
}

export type ArchivedAttachment = Omit<LoopbackAttachment, 'bytes' | 'url'>;
export type ArchivedMessage = Omit<LoopbackMessage, 'attachments'> & {
  readonly attachments: readonly ArchivedAttachment[];
};

const SCHEMA = `
  create table if not exists local_table_meta (key text primary key, value text not null);
  create table if not exists local_table_users (
    id text primary key, username text not null, manager integer not null);
  create table if not exists local_table_channels (id text primary key, data text not null);
  create table if not exists local_table_messages (
    id text primary key, channel_id text not null, data text not null);
  create index if not exists local_table_messages_channel on local_table_messages (channel_id);
  create table if not exists local_table_attachments (id text primary key, bytes blob not null);
`;

/** A row that could not be read back; the rest of the table is still restored. */
export interface ArchiveProblem {
  readonly table: string;
  readonly id: string;
  readonly error: unknown;
}

export class WorldArchive {
  readonly #db: BetterSqlite3.Database;
  readonly #statements;

  constructor(db: BetterSqlite3.Database) {
    this.#db = db;
    db.exec(SCHEMA);
    this.#statements = {
      getMeta: db.prepare<[string], { value: string }>('select value from local_table_meta where key = ?'),
      setMeta: db.prepare(
        'insert into local_table_meta (key, value) values (?, ?) on conflict(key) do update set value = excluded.value',
      ),
      users: db.prepare<[], { id: string; username: string; manager: number }>(
        'select id, username, manager from local_table_users order by rowid',
      ),
      addUser: db.prepare('insert into local_table_users (id, username, manager) values (?, ?, ?)'),
      channels: db.prepare<[], { id: string; data: string }>(
        'select id, data from local_table_channels order by rowid',
      ),
      putChannel: db.prepare(
        'insert into local_table_channels (id, data) values (?, ?) on conflict(id) do update set data = excluded.data',
      ),
      deleteChannel: db.prepare('delete from local_table_channels where id = ?'),
      // Insertion order is the order of the channel's history; an edit keeps the row (and its rowid).
      messages: db.prepare<[], { id: string; data: string }>(
        'select id, data from local_table_messages order by rowid',
      ),
      putMessage: db.prepare(
        'insert into local_table_messages (id, channel_id, data) values (?, ?, ?) on conflict(id) do update set data = excluded.data',
      ),
      deleteMessage: db.prepare('delete from local_table_messages where id = ?'),
      messagesIn: db.prepare<[string], { data: string }>(
        'select data from local_table_messages where channel_id = ?',
      ),
      deleteMessagesIn: db.prepare('delete from local_table_messages where channel_id = ?'),
      attachment: db.prepare<[string], { bytes: Buffer }>(
        'select bytes from local_table_attachments where id = ?',
      ),
      putAttachment: db.prepare('insert or ignore into local_table_attachments (id, bytes) values (?, ?)'),
      deleteAttachment: db.prepare('delete from local_table_attachments where id = ?'),
    };
  }

  guild(): ArchivedGuild | null {
    const row = this.#statements.getMeta.get('guild');
    return row ? (JSON.parse(row.value) as ArchivedGuild) : null;
  }

  saveGuild(guild: ArchivedGuild): void {
    this.#statements.setMeta.run('guild', JSON.stringify(guild));
  }

  /** The computer players' pace chosen on the page, or null before anyone chose. */
  savedPace(): string | null {
    return this.#statements.getMeta.get('pace')?.value ?? null;
  }

  savePace(name: string): void {
    this.#statements.setMeta.run('pace', name);
  }

  users(): ArchivedUser[] {
    return this.#statements.users
      .all()
      .map((r) => ({ id: r.id, username: r.username, manager: r.manager === 1 }));
  }

  addUser(user: ArchivedUser): void {
    this.#statements.addUser.run(user.id, user.username, user.manager ? 1 : 0);
  }

  channels(problems: ArchiveProblem[]): ArchivedChannel[] {
    return parseRows(this.#statements.channels.all(), 'local_table_channels', problems);
  }

  saveChannel(channel: Readonly<LoopbackChannel>, botId: string): void {
    const archived: ArchivedChannel = {
      id: channel.id,
      type: channel.type,
      guildId: channel.guildId,
      name: channel.name,
      parentId: channel.parentId,
      ownerId: channel.ownerId === botId ? BOT : channel.ownerId,
      recipientId: channel.recipientId,
      memberIds: [...channel.memberIds].map((id) => (id === botId ? BOT : id)),
      archived: channel.archived,
      locked: channel.locked,
      autoArchiveDuration: channel.autoArchiveDuration,
    };
    this.#statements.putChannel.run(channel.id, JSON.stringify(archived));
  }

  /** The channel, its messages and their images. */
  deleteChannel(channelId: string): void {
    this.#db.transaction(() => {
      for (const row of this.#statements.messagesIn.all(channelId)) {
        const message = JSON.parse(row.data) as ArchivedMessage;
        for (const a of message.attachments) this.#statements.deleteAttachment.run(a.id);
      }
      this.#statements.deleteMessagesIn.run(channelId);
      this.#statements.deleteChannel.run(channelId);
    })();
  }

  messages(problems: ArchiveProblem[]): ArchivedMessage[] {
    return parseRows(this.#statements.messages.all(), 'local_table_messages', problems);
  }

  attachmentBytes(id: string): Uint8Array | undefined {
    return this.#statements.attachment.get(id)?.bytes;
  }

  /** A new or edited message; images it no longer shows are dropped. */
  saveMessage(message: LoopbackMessage, previous: LoopbackMessage | null, botId: string): void {
    const archived: ArchivedMessage = {
      ...message,
      authorId: message.authorId === botId ? BOT : message.authorId,
      webhookId: message.webhookId === botId ? BOT : message.webhookId,
      attachments: message.attachments.map(({ bytes: _bytes, url: _url, ...rest }) => rest),
    };
    const kept = new Set(message.attachments.map((a) => a.id));
    this.#db.transaction(() => {
      for (const a of message.attachments) this.#statements.putAttachment.run(a.id, Buffer.from(a.bytes));
      for (const a of previous?.attachments ?? [])
        if (!kept.has(a.id)) this.#statements.deleteAttachment.run(a.id);
      this.#statements.putMessage.run(message.id, message.channelId, JSON.stringify(archived));
    })();
  }

  deleteMessage(message: LoopbackMessage): void {
    this.#db.transaction(() => {
      for (const a of message.attachments) this.#statements.deleteAttachment.run(a.id);
      this.#statements.deleteMessage.run(message.id);
    })();
  }
}

function parseRows<T>(
  rows: readonly { id: string; data: string }[],
  table: string,
  problems: ArchiveProblem[],
) {
  const out: T[] = [];
  for (const row of rows) {
    try {
      out.push(JSON.parse(row.data) as T);
    } catch (error) {
      problems.push({ table, id: row.id, error });
    }
  }
  return out;
}
