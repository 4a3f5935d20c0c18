import type { APIAllowedMentions } from 'discord-api-types/v10';
import type { LoopbackMentions } from './model-types.ts';

const USER_MENTION = /<@!?(\d{17,20})>/g;
const ROLE_MENTION = /<@&(\d{17,20})>/g;
const EVERYONE_MENTION = /@(everyone|here)\b/;

/**
 * Who a message mentions, after `allowed_mentions`. Discord's rule: without `allowed_mentions`
 * everything parses; with it, only the kinds in `parse` and the ids listed in `users` / `roles`.
 */
export function parseMentions(
  content: string,
  allowed: APIAllowedMentions | undefined,
  userExists: (id: string) => boolean,
): LoopbackMentions {
  const parse = new Set<string>(
    allowed === undefined ? ['users', 'roles', 'everyone'] : (allowed.parse ?? []),
  );
  const allowedUsers = new Set(allowed?.users ?? []);
  const allowedRoles = new Set(allowed?.roles ?? []);
  const users = unique([...content.matchAll(USER_MENTION)].map((m) => m[1] ?? '')).filter(
    (id) => userExists(id) && (parse.has('users') || allowedUsers.has(id)),
  );
  const roles = unique([...content.matchAll(ROLE_MENTION)].map((m) => m[1] ?? '')).filter(
    (id) => parse.has('roles') || allowedRoles.has(id),
  );
  const everyone = parse.has('everyone') && EVERYONE_MENTION.test(content);
  return { users, roles, everyone };
}

/** Whether a reply pings the author of the message it replies to. */
export function repliedUserPinged(allowed: APIAllowedMentions | undefined): boolean {
  return allowed === undefined || allowed.replied_user === true;
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
