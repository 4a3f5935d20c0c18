import { GatewayIntentBits, PermissionFlagsBits } from 'discord.js';
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl, LoopbackUser } from '../../src/loopback/index.ts';
import { asCommand, type Harness, startHarness } from './harness.ts';

/**
 * Member roles as Discord has them: a server's roles in its guild object and GUILD_ROLE_CREATE, a member's
 * role ids in the member object (of interactions, and of GUILD_MEMBER_UPDATE for the Server Members
 * intent), role permissions added to @everyone's in the interaction's `member.permissions` (Administrator:
 * all), and role options resolved in `data.resolved.roles`: only this server's roles can be chosen.
 */
let h: Harness;
let control: LoopbackControl;
let alice: LoopbackUser;
let guildId: string;

interface Seen {
  roles: string[];
  permissions: bigint;
  option: { id: string; name: string; permissions: bigint } | null;
}
let seen: Seen | null = null;

async function who(user: LoopbackUser, options: Record<string, string> = {}): Promise<Seen> {
  seen = null;
  await control.as(user).slash('who', options).reply();
  if (!seen) throw new Error('the bot saw nothing');
  return seen;
}

beforeAll(async () => {
  h = await startHarness({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    commands: [
      {
        name: 'who',
        description: 'what the bot sees of the member',
        options: [
          { type: ApplicationCommandOptionType.Role, name: 'role', description: 'a role', required: false },
        ],
      },
    ],
  });
  control = h.loopback.control;
  guildId = control.defaultGuild.id;
  alice = control.createUser('alice');
  h.on('who', async (i) => {
    const c = asCommand(i);
    const member = c.member;
    const roles = Array.isArray(member?.roles) ? member.roles : [...(member?.roles.cache.keys() ?? [])];
    const role = c.options.getRole('role');
    seen = {
      roles: roles.filter((id) => id !== guildId).sort(),
      permissions: c.memberPermissions?.bitfield ?? 0n,
      option: role
        ? { id: role.id, name: role.name, permissions: BigInt(role.permissions.valueOf().toString()) }
        : null,
    };
    await c.reply({ content: 'ok', ephemeral: true });
  });
});
afterAll(() => h.stop());

describe('member roles', () => {
  it('a role the server makes reaches the bot (GUILD_ROLE_CREATE) with its permissions', async () => {
    const role = control.createRole(guildId, { name: 'Organisers', permissions: ['ManageEvents'] });
    const cached = await control.waitUntil(
      () => h.client.guilds.cache.get(guildId)?.roles.cache.get(role.id),
      'the role in the cache',
    );
    expect(cached.name).toBe('Organisers');
    expect(cached.permissions.has(PermissionFlagsBits.ManageEvents)).toBe(true);
    expect(cached.position).toBe(1);
  });

  it("a member's roles are in the interaction's member, and their permissions add to @everyone's", async () => {
    const managers = control.createRole(guildId, { name: 'Managers', permissions: ['ManageGuild'] });
    const plain = control.createRole(guildId, { name: 'Players' });
    const before = await who(alice);
    expect(before.roles).toEqual([]);
    expect(before.permissions & PermissionFlagsBits.ManageGuild).toBe(0n);
    expect(before.permissions & PermissionFlagsBits.SendMessages).not.toBe(0n);

    control.setMemberRole(guildId, alice.id, plain.id);
    const playing = await who(alice);
    expect(playing.roles).toEqual([plain.id]);
    expect(playing.permissions).toBe(before.permissions);

    control.setMemberRole(guildId, alice.id, managers.id);
    const managing = await who(alice);
    expect(managing.roles).toEqual([managers.id, plain.id].sort());
    expect(managing.permissions).toBe(before.permissions | PermissionFlagsBits.ManageGuild);
    // The Server Members intent hears the change (GUILD_MEMBER_UPDATE).
    await control.waitUntil(
      () =>
        h.client.guilds.cache.get(guildId)?.members.cache.get(alice.id)?.roles.cache.has(managers.id) ||
        undefined,
      'the member update',
    );

    control.setMemberRole(guildId, alice.id, managers.id, false);
    control.setMemberRole(guildId, alice.id, plain.id, false);
    expect(await who(alice)).toMatchObject({ roles: [], permissions: before.permissions });
  });

  it('Administrator gives every permission', async () => {
    const admins = control.createRole(guildId, { name: 'Admins', permissions: ['Administrator'] });
    const bob = control.createUser('bob');
    control.setMemberRole(guildId, bob.id, admins.id);
    const seenAs = await who(bob);
    for (const bit of Object.values(PermissionFlagsBits)) expect(seenAs.permissions & bit).toBe(bit);
  });

  it("a role option resolves to the server's role; another server's role cannot be chosen", async () => {
    const role = control.createRole(guildId, { name: 'Referees', permissions: ['KickMembers'] });
    expect((await who(alice, { role: role.id })).option).toEqual({
      id: role.id,
      name: 'Referees',
      permissions: PermissionFlagsBits.KickMembers,
    });
    const { guild: elsewhere } = control.createGuild('other');
    const foreign = control.createRole(elsewhere.id, { name: 'Elsewhere' });
    expect(() => control.as(alice).slash('who', { role: foreign.id })).toThrow(/this server's roles/);
    expect(() => control.setMemberRole(guildId, alice.id, foreign.id)).toThrow(/has no role/);
  });
});
