/**
 * Discord's JSON errors, with the codes the bot can branch on. Statuses and codes follow
 * https://discord.com/developers/docs/topics/opcodes-and-status-codes#json.
 */
export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: unknown,
  ) {
    super(message);
    this.name = 'DiscordError';
  }

  toJSON(): { message: string; code: number; errors?: unknown } {
    return this.errors === undefined
      ? { message: this.message, code: this.code }
      : { message: this.message, code: this.code, errors: this.errors };
  }
}

export const discordErrors = {
  notFound: () => new DiscordError(404, 0, '404: Not Found'),
  /** Only for a wrong bot token: a 401 on an authenticated route erases discord.js's token (P6). */
  unauthorized: () => new DiscordError(401, 0, '401: Unauthorized'),
  unknownApplication: () => new DiscordError(404, 10002, 'Unknown Application'),
  unknownChannel: () => new DiscordError(404, 10003, 'Unknown Channel'),
  unknownGuild: () => new DiscordError(404, 10004, 'Unknown Guild'),
  unknownMember: () => new DiscordError(404, 10007, 'Unknown Member'),
  unknownMessage: () => new DiscordError(404, 10008, 'Unknown Message'),
  unknownUser: () => new DiscordError(404, 10013, 'Unknown User'),
  unknownWebhook: () => new DiscordError(404, 10015, 'Unknown Webhook'),
  unknownCommand: () => new DiscordError(404, 10063, 'Unknown application command'),
  unknownInteraction: () => new DiscordError(404, 10062, 'Unknown interaction'),
  missingAccess: () => new DiscordError(403, 50001, 'Missing Access'),
  cannotEditOthersMessage: () =>
    new DiscordError(403, 50005, 'Cannot edit a message authored by another user'),
  emptyMessage: () => new DiscordError(400, 50006, 'Cannot send an empty message'),
  missingPermissions: () => new DiscordError(403, 50013, 'Missing Permissions'),
  invalidWebhookToken: () => new DiscordError(401, 50027, 'Invalid Webhook Token'),
  threadArchived: () => new DiscordError(400, 50083, 'Thread is archived'),
  alreadyAcknowledged: () => new DiscordError(400, 40060, 'Interaction has already been acknowledged.'),
  threadAlreadyCreated: () =>
    new DiscordError(400, 160004, 'A thread has already been created for this message'),
  invalidJson: () => new DiscordError(400, 50109, 'The request body contains invalid JSON.'),
  entityTooLarge: () => new DiscordError(413, 40005, 'Request entity too large'),
  /** Discord reports field problems as 50035 with a nested `errors` object; a flat list reads better in tests. */
  invalidFormBody: (problems: string[]) =>
    new DiscordError(400, 50035, `Invalid Form Body: ${problems.join('; ')}`, {
      _errors: problems.map((message) => ({ code: 'BASE_TYPE_INVALID', message })),
    }),
};
