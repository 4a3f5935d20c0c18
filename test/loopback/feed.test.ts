import { describe, expect, it } from 'vitest';
import { EventFeed, visibleTo } from '../../src/loopback/feed.ts';
import { ManualClock, SnowflakeGenerator } from '../../src/loopback/index.ts';
import { World } from '../../src/loopback/model.ts';
import type { LoopbackEvent } from '../../src/loopback/model-types.ts';

function world() {
  const clock = new ManualClock(1_700_000_000_000);
  const errors: unknown[] = [];
  const w = new World({
    clock,
    ids: new SnowflakeGenerator(clock),
    botName: 'Scarab',
    onError: (e) => errors.push(e),
  });
  const guild = w.createGuild({ name: 'g' });
  const general = w.createTextChannel({ guildId: guild.id, name: 'general' });
  const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((username) => w.createUser({ username }));
  if (!alice || !bob || !carol) throw new Error('users');
  return { w, clock, errors, guild, general, alice, bob, carol };
}

describe('per-user feeds', () => {
  it('never carry another user’s ephemeral messages, private threads, DMs, modals or choices', () => {
    const { w, errors, general, alice, bob, carol } = world();
    const seen = new Map<string, LoopbackEvent[]>([alice, bob, carol].map((u) => [u.id, []]));
    for (const user of [alice, bob, carol])
      w.events.on((e) => visibleTo(w, user.id, e) && seen.get(user.id)?.push(e));

    // A seeded mix of public, ephemeral, private-thread and DM activity, with edits and deletes.
    const thread = w.createThread({
      parentId: general.id,
      name: 'secret game',
      private: true,
      ownerId: alice.id,
    });
    const dm = w.openDm(bob.id);
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const users = [alice, bob, carol];
    const created: string[] = [];
    for (let i = 0; i < 300; i++) {
      const owner = users[rand(3)];
      if (!owner) continue;
      const roll = rand(10);
      if (roll < 3) {
        created.push(
          w.createMessage({
            channelId: general.id,
            authorId: w.bot.id,
            content: `eph ${i}`,
            visibleTo: owner.id,
          }).id,
        );
      } else if (roll < 5) {
        created.push(w.createMessage({ channelId: general.id, authorId: w.bot.id, content: `pub ${i}` }).id);
      } else if (roll < 6) {
        created.push(
          w.createMessage({ channelId: thread.id, authorId: w.bot.id, content: `thread ${i}` }).id,
        );
      } else if (roll < 7) {
        created.push(w.createMessage({ channelId: dm.id, authorId: w.bot.id, content: `dm ${i}` }).id);
      } else if (roll < 9 && created.length > 0) {
        const id = created[rand(created.length)];
        if (id && w.message(id)) w.editMessage(id, { content: `edited ${i}` });
      } else if (created.length > 0) {
        const id = created.splice(rand(created.length), 1)[0];
        if (id && w.message(id)) w.deleteMessage(id);
      }
    }
    w.events.emit({
      type: 'modal-open',
      interactionId: '1',
      modal: { custom_id: 'm', title: 't', components: [] },
      audience: { kind: 'user', userId: alice.id },
    });

    for (const user of users) {
      const events = seen.get(user.id) ?? [];
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        if ('message' in event) {
          const m = event.message;
          expect(m.visibleTo === null || m.visibleTo === user.id).toBe(true);
          if (m.channelId === thread.id) expect(user.id).toBe(alice.id);
          if (m.channelId === dm.id) expect(user.id).toBe(bob.id);
        }
        if (event.type === 'modal-open') expect(user.id).toBe(alice.id);
      }
    }
    // Each user's feed holds exactly the creations they can see now or could see then.
    const ephemeralOf = (id: string) =>
      (seen.get(id) ?? []).filter((e) => e.type === 'message-create' && e.message.ephemeral).length;
    expect(ephemeralOf(alice.id) + ephemeralOf(bob.id) + ephemeralOf(carol.id)).toBe(
      [...seen.values()].flat().filter((e) => e.type === 'message-create' && e.message.ephemeral).length,
    );
    expect(errors).toEqual([]);
  });

  it('a deleted private thread is announced to those who could see it, and no one else', () => {
    const { w, general, alice, bob } = world();
    const thread = w.createThread({ parentId: general.id, name: 't', private: true, ownerId: alice.id });
    const deletions = new Map<string, number>();
    for (const user of [alice, bob]) {
      w.events.on((e) => {
        if (e.type === 'channel-delete' && visibleTo(w, user.id, e))
          deletions.set(user.id, (deletions.get(user.id) ?? 0) + 1);
      });
    }
    w.deleteChannel(thread.id);
    expect(Object.fromEntries(deletions)).toEqual({ [alice.id]: 1 });
  });

  it('filters by the message itself even if an audience were computed wrongly', () => {
    const { w, general, alice, bob } = world();
    const secret = w.createMessage({
      channelId: general.id,
      authorId: w.bot.id,
      content: 's',
      visibleTo: alice.id,
    });
    const wrong: LoopbackEvent = { type: 'message-create', message: secret, audience: { kind: 'everyone' } };
    expect(visibleTo(w, bob.id, wrong)).toBe(false);
    expect(visibleTo(w, alice.id, wrong)).toBe(true);
  });

  it('an async feed buffers events, stops on return() and on abort', async () => {
    const { w, general, alice, bob } = world();
    const ended: EventFeed[] = [];
    const feed = new EventFeed(w, w.events, bob.id, (f) => ended.push(f));
    w.createMessage({ channelId: general.id, authorId: w.bot.id, content: 'for alice', visibleTo: alice.id });
    w.createMessage({ channelId: general.id, authorId: w.bot.id, content: 'for all' });
    const first = await feed.next();
    expect(first.done).toBe(false);
    expect(first.value).toMatchObject({ type: 'message-create', message: { content: 'for all' } });
    const pending = feed.next();
    w.createMessage({ channelId: general.id, authorId: w.bot.id, content: 'later' });
    expect((await pending).value).toMatchObject({ message: { content: 'later' } });
    await feed.return();
    expect(await feed.next()).toEqual({ value: undefined, done: true });
    expect(ended).toEqual([feed]);

    const controller = new AbortController();
    const aborted = new EventFeed(w, w.events, bob.id, () => {}, controller.signal);
    const waiting = aborted.next();
    controller.abort();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(w.events.size).toBe(0);
  });
});
