/**
 * Each loopback route (`routeName()` in `rest-router.ts`), with the path template and method the
 * specification (`discord-api-spec`) gives it and the request body it names there. The names are the
 * specification's own: `Paths[path][method].requestBody` in `build/discord-api-spec.ts`, whose zod schema
 * is `<name>Schema` in `discord-api-spec/zod`. `test/loopback/spec-routes.test.ts` reads both files, so a
 * specification update that renames or moves one of them fails a test instead of silently checking less.
 */

export type SpecMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** A request body as `Paths` writes it. */
export type SpecBody =
  /** `requestBody?: undefined`: Discord ignores whatever is sent. */
  | { readonly kind: 'none' }
  /** `A` or `A | B | …`: one of these objects. A union is told apart by its `type` when it has one. */
  | { readonly kind: 'one-of'; readonly types: readonly string[] }
  /** `A[] | null`: a list of these (the bulk overwrite of commands). */
  | { readonly kind: 'list-of'; readonly type: string };

export interface SpecRoute {
  readonly method: SpecMethod;
  readonly path: string;
  readonly body: SpecBody;
}

const none: SpecBody = { kind: 'none' };
const oneOf = (...types: string[]): SpecBody => ({ kind: 'one-of', types });

const commands = (prefix: string, scope: string): Record<string, SpecRoute> => ({
  [`GET ${prefix}`]: { method: 'get', path: scope, body: none },
  [`PUT ${prefix}`]: {
    method: 'put',
    path: scope,
    body: { kind: 'list-of', type: 'ApplicationCommandUpdateRequest' },
  },
  [`POST ${prefix}`]: { method: 'post', path: scope, body: oneOf('ApplicationCommandCreateRequest') },
  [`GET ${prefix}/:commandId`]: { method: 'get', path: `${scope}/{command_id}`, body: none },
  [`PATCH ${prefix}/:commandId`]: {
    method: 'patch',
    path: `${scope}/{command_id}`,
    body: oneOf('ApplicationCommandPatchRequestPartial'),
  },
  [`DELETE ${prefix}/:commandId`]: { method: 'delete', path: `${scope}/{command_id}`, body: none },
});

const webhook = '/webhooks/{webhook_id}/{webhook_token}';

/** Every route the loopback serves; the server refuses to start with a route missing here. */
export const SPEC_ROUTES: Readonly<Record<string, SpecRoute>> = {
  // Login, users, guilds, the application (routes-misc.ts)
  'GET /gateway': { method: 'get', path: '/gateway', body: none },
  'GET /gateway/bot': { method: 'get', path: '/gateway/bot', body: none },
  'GET /users/@me': { method: 'get', path: '/users/@me', body: none },
  'GET /users/:userId': { method: 'get', path: '/users/{user_id}', body: none },
  'GET /users/@me/guilds': { method: 'get', path: '/users/@me/guilds', body: none },
  'DELETE /users/@me/guilds/:guildId': { method: 'delete', path: '/users/@me/guilds/{guild_id}', body: none },
  'GET /applications/@me': { method: 'get', path: '/applications/@me', body: none },
  'GET /guilds/:guildId': { method: 'get', path: '/guilds/{guild_id}', body: none },
  'GET /guilds/:guildId/channels': { method: 'get', path: '/guilds/{guild_id}/channels', body: none },
  'GET /guilds/:guildId/threads/active': {
    method: 'get',
    path: '/guilds/{guild_id}/threads/active',
    body: none,
  },
  'GET /guilds/:guildId/members': { method: 'get', path: '/guilds/{guild_id}/members', body: none },
  'GET /guilds/:guildId/members/:userId': {
    method: 'get',
    path: '/guilds/{guild_id}/members/{user_id}',
    body: none,
  },
  ...commands('/applications/:applicationId/commands', '/applications/{application_id}/commands'),
  ...commands(
    '/applications/:applicationId/guilds/:guildId/commands',
    '/applications/{application_id}/guilds/{guild_id}/commands',
  ),
  // Channels and messages (routes-channels.ts)
  'GET /channels/:channelId': { method: 'get', path: '/channels/{channel_id}', body: none },
  'PATCH /channels/:channelId': {
    method: 'patch',
    path: '/channels/{channel_id}',
    body: oneOf(
      'UpdateDMRequestPartial',
      'UpdateGroupDMRequestPartial',
      'UpdateGuildChannelRequestPartial',
      'UpdateThreadRequestPartial',
    ),
  },
  'DELETE /channels/:channelId': { method: 'delete', path: '/channels/{channel_id}', body: none },
  'POST /channels/:channelId/typing': { method: 'post', path: '/channels/{channel_id}/typing', body: none },
  'GET /channels/:channelId/messages': { method: 'get', path: '/channels/{channel_id}/messages', body: none },
  'POST /channels/:channelId/messages': {
    method: 'post',
    path: '/channels/{channel_id}/messages',
    body: oneOf('MessageCreateRequest'),
  },
  'GET /channels/:channelId/messages/:messageId': {
    method: 'get',
    path: '/channels/{channel_id}/messages/{message_id}',
    body: none,
  },
  'PATCH /channels/:channelId/messages/:messageId': {
    method: 'patch',
    path: '/channels/{channel_id}/messages/{message_id}',
    body: oneOf('MessageEditRequestPartial'),
  },
  'DELETE /channels/:channelId/messages/:messageId': {
    method: 'delete',
    path: '/channels/{channel_id}/messages/{message_id}',
    body: none,
  },
  'POST /channels/:channelId/threads': {
    method: 'post',
    path: '/channels/{channel_id}/threads',
    body: oneOf('CreateForumThreadRequest', 'CreateTextThreadWithoutMessageRequest'),
  },
  'POST /channels/:channelId/messages/:messageId/threads': {
    method: 'post',
    path: '/channels/{channel_id}/messages/{message_id}/threads',
    body: oneOf('CreateTextThreadWithMessageRequest'),
  },
  'GET /channels/:channelId/thread-members': {
    method: 'get',
    path: '/channels/{channel_id}/thread-members',
    body: none,
  },
  'GET /channels/:channelId/thread-members/:userId': {
    method: 'get',
    path: '/channels/{channel_id}/thread-members/{user_id}',
    body: none,
  },
  'PUT /channels/:channelId/thread-members/:userId': {
    method: 'put',
    path: '/channels/{channel_id}/thread-members/{user_id}',
    body: none,
  },
  'DELETE /channels/:channelId/thread-members/:userId': {
    method: 'delete',
    path: '/channels/{channel_id}/thread-members/{user_id}',
    body: none,
  },
  'POST /users/@me/channels': {
    method: 'post',
    path: '/users/@me/channels',
    body: oneOf('CreatePrivateChannelRequest'),
  },
  // Interactions (routes-interactions.ts): the callback is one of seven bodies, told apart by `type`.
  'POST /interactions/:interactionId/:token/callback': {
    method: 'post',
    path: '/interactions/{interaction_id}/{interaction_token}/callback',
    body: oneOf(
      'ApplicationCommandAutocompleteCallbackRequest',
      'CreateMessageInteractionCallbackRequest',
      'LaunchActivityInteractionCallbackRequest',
      'ModalInteractionCallbackRequest',
      'PongInteractionCallbackRequest',
      'SocialLayerSKUPurchaseEligibilityInteractionCallbackRequest',
      'UpdateMessageInteractionCallbackRequest',
    ),
  },
  'GET /webhooks/:applicationId/:token/messages/@original': {
    method: 'get',
    path: `${webhook}/messages/@original`,
    body: none,
  },
  'PATCH /webhooks/:applicationId/:token/messages/@original': {
    method: 'patch',
    path: `${webhook}/messages/@original`,
    body: oneOf('IncomingWebhookUpdateRequestPartial'),
  },
  'DELETE /webhooks/:applicationId/:token/messages/@original': {
    method: 'delete',
    path: `${webhook}/messages/@original`,
    body: none,
  },
  'POST /webhooks/:applicationId/:token': {
    method: 'post',
    path: webhook,
    body: oneOf('IncomingWebhookRequestPartial', 'IncomingWebhookUpdateRequestPartial'),
  },
  'GET /webhooks/:applicationId/:token/messages/:messageId': {
    method: 'get',
    path: `${webhook}/messages/{message_id}`,
    body: none,
  },
  'PATCH /webhooks/:applicationId/:token/messages/:messageId': {
    method: 'patch',
    path: `${webhook}/messages/{message_id}`,
    body: oneOf('IncomingWebhookUpdateRequestPartial'),
  },
  'DELETE /webhooks/:applicationId/:token/messages/:messageId': {
    method: 'delete',
    path: `${webhook}/messages/{message_id}`,
    body: none,
  },
};

/** The body as `Paths` writes it (`A | B`, `A[] | null`, `undefined`), for the test that compares the two. */
export function specBodyText(body: SpecBody): string {
  switch (body.kind) {
    case 'none':
      return 'undefined';
    case 'one-of':
      return body.types.join(' | ');
    case 'list-of':
      return `${body.type}[] | null`;
  }
}

/** Throws unless every route is mapped: a route added to the loopback must say what Discord checks of it. */
export function assertMapped(routes: readonly string[]): void {
  const missing = routes.filter((route) => !Object.hasOwn(SPEC_ROUTES, route));
  if (missing.length > 0) {
    throw new Error(`contract/spec-routes.ts does not map ${missing.join(', ')} to Discord's specification`);
  }
}
