/**
 * Each REST route the loopback serves, mapped to its path in Discord's OpenAPI specification
 * (`discord-api-spec`, the `Paths` interface of `build/discord-api-spec.ts`) and to the response type the
 * specification gives each success status. The type is written exactly as the specification writes it
 * (`MessageResponse[] | null`), so `test/loopback/answer-schemas.test.ts` can compare it with the
 * specification's text: an update of the specification that renames a path or a type fails that test.
 * A status with `null` has no body to check (204).
 */

export interface AnswerSchemaEntry {
  /** The specification's path template: `/channels/{channel_id}/messages`. */
  readonly path: string;
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Success status → the specification's response type for it, verbatim, or null for "no body". */
  readonly responses: Readonly<Record<number, string | null>>;
}

const CHANNEL =
  'GuildChannelResponse | PrivateChannelResponse | PrivateGroupChannelResponse | ThreadResponse';
const MESSAGE = 'MessageResponse';

const entry = (
  method: AnswerSchemaEntry['method'],
  path: string,
  responses: AnswerSchemaEntry['responses'],
): AnswerSchemaEntry => ({ method, path, responses });

/** Loopback route (`routeName()`: `POST /channels/:channelId/messages`) → the specification's answer. */
export const ANSWER_SCHEMAS: Readonly<Record<string, AnswerSchemaEntry>> = {
  'GET /gateway': entry('get', '/gateway', { 200: 'GatewayResponse' }),
  'GET /gateway/bot': entry('get', '/gateway/bot', { 200: 'GatewayBotResponse' }),
  'GET /users/@me': entry('get', '/users/@me', { 200: 'UserPIIResponse' }),
  'GET /users/:userId': entry('get', '/users/{user_id}', { 200: 'UserResponse' }),
  'GET /users/@me/guilds': entry('get', '/users/@me/guilds', { 200: 'MyGuildResponse[] | null' }),
  'DELETE /users/@me/guilds/:guildId': entry('delete', '/users/@me/guilds/{guild_id}', { 204: null }),
  'GET /applications/@me': entry('get', '/applications/@me', { 200: 'PrivateApplicationResponse' }),
  'GET /guilds/:guildId': entry('get', '/guilds/{guild_id}', { 200: 'GuildWithCountsResponse' }),
  'GET /guilds/:guildId/channels': entry('get', '/guilds/{guild_id}/channels', {
    200: `(${CHANNEL})[] | null`,
  }),
  'GET /guilds/:guildId/threads/active': entry('get', '/guilds/{guild_id}/threads/active', {
    200: 'ThreadsResponse',
  }),
  'GET /guilds/:guildId/members': entry('get', '/guilds/{guild_id}/members', {
    200: 'GuildMemberResponse[]',
  }),
  'GET /guilds/:guildId/members/:userId': entry('get', '/guilds/{guild_id}/members/{user_id}', {
    200: 'GuildMemberResponse',
  }),
  'GET /applications/:applicationId/commands': entry('get', '/applications/{application_id}/commands', {
    200: 'ApplicationCommandResponse[] | null',
  }),
  'PUT /applications/:applicationId/commands': entry('put', '/applications/{application_id}/commands', {
    200: 'ApplicationCommandResponse[] | null',
  }),
  'POST /applications/:applicationId/commands': entry('post', '/applications/{application_id}/commands', {
    200: 'ApplicationCommandResponse',
    201: 'ApplicationCommandResponse',
  }),
  'GET /applications/:applicationId/commands/:commandId': entry(
    'get',
    '/applications/{application_id}/commands/{command_id}',
    { 200: 'ApplicationCommandResponse' },
  ),
  'PATCH /applications/:applicationId/commands/:commandId': entry(
    'patch',
    '/applications/{application_id}/commands/{command_id}',
    { 200: 'ApplicationCommandResponse' },
  ),
  'DELETE /applications/:applicationId/commands/:commandId': entry(
    'delete',
    '/applications/{application_id}/commands/{command_id}',
    { 204: null },
  ),
  'GET /applications/:applicationId/guilds/:guildId/commands': entry(
    'get',
    '/applications/{application_id}/guilds/{guild_id}/commands',
    { 200: 'ApplicationCommandResponse[] | null' },
  ),
  'PUT /applications/:applicationId/guilds/:guildId/commands': entry(
    'put',
    '/applications/{application_id}/guilds/{guild_id}/commands',
    { 200: 'ApplicationCommandResponse[] | null' },
  ),
  'POST /applications/:applicationId/guilds/:guildId/commands': entry(
    'post',
    '/applications/{application_id}/guilds/{guild_id}/commands',
    { 200: 'ApplicationCommandResponse', 201: 'ApplicationCommandResponse' },
  ),
  'GET /applications/:applicationId/guilds/:guildId/commands/:commandId': entry(
    'get',
    '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}',
    { 200: 'ApplicationCommandResponse' },
  ),
  'PATCH /applications/:applicationId/guilds/:guildId/commands/:commandId': entry(
    'patch',
    '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}',
    { 200: 'ApplicationCommandResponse' },
  ),
  'DELETE /applications/:applicationId/guilds/:guildId/commands/:commandId': entry(
    'delete',
    '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}',
    { 204: null },
  ),
  'GET /channels/:channelId': entry('get', '/channels/{channel_id}', { 200: CHANNEL }),
  'PATCH /channels/:channelId': entry('patch', '/channels/{channel_id}', { 200: CHANNEL }),
  'DELETE /channels/:channelId': entry('delete', '/channels/{channel_id}', { 200: CHANNEL }),
  'POST /channels/:channelId/typing': entry('post', '/channels/{channel_id}/typing', {
    200: 'TypingIndicatorResponse',
    204: null,
  }),
  'GET /channels/:channelId/messages': entry('get', '/channels/{channel_id}/messages', {
    200: 'MessageResponse[] | null',
  }),
  'POST /channels/:channelId/messages': entry('post', '/channels/{channel_id}/messages', { 200: MESSAGE }),
  'GET /channels/:channelId/messages/:messageId': entry(
    'get',
    '/channels/{channel_id}/messages/{message_id}',
    {
      200: MESSAGE,
    },
  ),
  'PATCH /channels/:channelId/messages/:messageId': entry(
    'patch',
    '/channels/{channel_id}/messages/{message_id}',
    { 200: MESSAGE },
  ),
  'DELETE /channels/:channelId/messages/:messageId': entry(
    'delete',
    '/channels/{channel_id}/messages/{message_id}',
    { 204: null },
  ),
  'POST /channels/:channelId/threads': entry('post', '/channels/{channel_id}/threads', {
    201: 'CreatedThreadResponse',
  }),
  'POST /channels/:channelId/messages/:messageId/threads': entry(
    'post',
    '/channels/{channel_id}/messages/{message_id}/threads',
    { 201: 'ThreadResponse' },
  ),
  'GET /channels/:channelId/thread-members': entry('get', '/channels/{channel_id}/thread-members', {
    200: 'ThreadMemberResponse[]',
  }),
  'GET /channels/:channelId/thread-members/:userId': entry(
    'get',
    '/channels/{channel_id}/thread-members/{user_id}',
    { 200: 'ThreadMemberResponse' },
  ),
  'PUT /channels/:channelId/thread-members/:userId': entry(
    'put',
    '/channels/{channel_id}/thread-members/{user_id}',
    { 204: null },
  ),
  'DELETE /channels/:channelId/thread-members/:userId': entry(
    'delete',
    '/channels/{channel_id}/thread-members/{user_id}',
    { 204: null },
  ),
  'POST /users/@me/channels': entry('post', '/users/@me/channels', {
    200: 'PrivateChannelResponse | PrivateGroupChannelResponse',
  }),
  'POST /interactions/:interactionId/:token/callback': entry(
    'post',
    '/interactions/{interaction_id}/{interaction_token}/callback',
    { 200: 'InteractionCallbackResponse', 204: null },
  ),
  'GET /webhooks/:applicationId/:token/messages/@original': entry(
    'get',
    '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
    { 200: MESSAGE },
  ),
  'PATCH /webhooks/:applicationId/:token/messages/@original': entry(
    'patch',
    '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
    { 200: MESSAGE },
  ),
  'DELETE /webhooks/:applicationId/:token/messages/@original': entry(
    'delete',
    '/webhooks/{webhook_id}/{webhook_token}/messages/@original',
    { 204: null },
  ),
  'POST /webhooks/:applicationId/:token': entry('post', '/webhooks/{webhook_id}/{webhook_token}', {
    200: MESSAGE,
    204: null,
  }),
  'GET /webhooks/:applicationId/:token/messages/:messageId': entry(
    'get',
    '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    { 200: MESSAGE },
  ),
  'PATCH /webhooks/:applicationId/:token/messages/:messageId': entry(
    'patch',
    '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    { 200: MESSAGE },
  ),
  'DELETE /webhooks/:applicationId/:token/messages/:messageId': entry(
    'delete',
    '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}',
    { 204: null },
  ),
};

/** A response type as the specification writes it, read: `A[] | null` is a list of A; `A | B`, either. */
export interface ParsedAnswerType {
  readonly list: boolean;
  /** Type names, each with a `<name>Schema` in `discord-api-spec/zod`. */
  readonly names: readonly string[];
}

export function parseAnswerType(text: string): ParsedAnswerType {
  const parts = text.split(/\s*\|\s*(?![^(]*\))/).filter((part) => part !== 'null');
  const listed = parts.length === 1 && parts[0]?.endsWith('[]');
  const inner = listed ? (parts[0] ?? '').slice(0, -2).replace(/^\((.*)\)$/, '$1') : parts.join(' | ');
  return { list: listed === true, names: inner.split(/\s*\|\s*/).filter((n) => n !== '') };
}
