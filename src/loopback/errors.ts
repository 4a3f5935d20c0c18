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
  /** A DM to someone whose DMs are closed to the bot (privacy settings, a block, no shared server). */
  cannotMessageUser: () => new DiscordError(403, 50007, 'Cannot send messages to this user'),
  emptyMessage: () => new DiscordError(400, 50006, 'Cannot send an empty message'),
  missingPermissions: () => new DiscordError(403, 50013, 'Missing Permissions'),
  invalidWebhookToken: () => new DiscordError(401, 50027, 'Invalid Webhook Token'),
  threadArchived: () => new DiscordError(400, 50083, 'Thread is archived'),
  alreadyAcknowledged: () => new DiscordError(400, 40060, 'Interaction has already been acknowledged.'),
  threadAlreadyCreated: () =>
    new DiscordError(400, 160004, 'A thread has already been created for this message'),
  invalidJson: () => new DiscordError(400, 50109, 'The request body contains invalid JSON.'),
  entityTooLarge: () => new DiscordError(413, 40005, 'Request entity too large'),
  /**
   * 50035 with Discord's nested `errors` object: a field problem sits under its path
   * (`components.0.components.0.options.1._errors`), a free-form one under the top-level `_errors`.
   * The message adds a readable list after Discord's "Invalid Form Body" so that a failing test
   * says what was wrong without digging into `errors`.
   */
  invalidFormBody: (problems: readonly FormProblem[]) =>
    new DiscordError(
      400,
      50035,
      `Invalid Form Body: ${problems.map(describeProblem).join('; ')}`,
      nestProblems(problems),
    ),
};

/** A path into a request body, as Discord nests its errors: `['components', 0, 'options', 1]`. */
export type FormPath = readonly (string | number)[];

/** A problem with one field, with Discord's error code for it (`BASE_TYPE_MAX_LENGTH`…). */
export interface FieldProblem {
  readonly path: FormPath;
  readonly code: string;
  readonly message: string;
}

/** A field problem, or a free-form sentence about the body as a whole. */
export type FormProblem = string | FieldProblem;

export function fieldProblem(path: FormPath, code: string, message: string): FieldProblem {
  return { path, code, message };
}

/** `components[0].components[0].options[1]`: how discord.js prints a path. */
export function formatPath(path: FormPath): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

function describeProblem(problem: FormProblem): string {
  return typeof problem === 'string' ? problem : `${formatPath(problem.path)}: ${problem.message}`;
}

interface ErrorNode {
  [key: string]: ErrorNode | { code: string; message: string }[];
}

function nestProblems(problems: readonly FormProblem[]): ErrorNode {
  const root: ErrorNode = {};
  const push = (node: ErrorNode, code: string, message: string) => {
    const list = node._errors;
    if (Array.isArray(list)) list.push({ code, message });
    else node._errors = [{ code, message }];
  };
  for (const problem of problems) {
    if (typeof problem === 'string') {
      push(root, 'BASE_TYPE_INVALID', problem);
      continue;
    }
    let node = root;
    for (const key of problem.path) {
      const name = String(key);
      const next = Object.hasOwn(node, name) ? node[name] : undefined;
      if (next === undefined || Array.isArray(next)) {
        const created: ErrorNode = {};
        node[name] = created;
        node = created;
      } else {
        node = next;
      }
    }
    push(node, problem.code, problem.message);
  }
  return root;
}
