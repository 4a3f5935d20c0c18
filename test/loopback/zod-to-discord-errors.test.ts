/**
 * zod's issues as Discord's 50035 field problems, on the specification's own schemas: the codes and
 * wording, and how a union that matched nothing is reported.
 */
import { describe, expect, it } from 'vitest';
import { specSchema } from '../../src/loopback/contract/request-check.ts';
import {
  discordProblems,
  type ZodIssueLike,
  type ZodSchemaLike,
} from '../../src/loopback/contract/zod-to-discord-errors.ts';

const schemas = (await import('discord-api-spec/zod')) as unknown as Record<string, unknown>;

function problems(name: string, body: unknown) {
  const schema = specSchema(schemas, name);
  const result = schema.safeParse(body, { reportInput: true });
  return result.success ? [] : discordProblems(result.error.issues, schema, body);
}

describe('zod issues in Discord’s words', () => {
  it('a missing field, a wrong type, a choice, a length with one end and with two', () => {
    expect(problems('ModalInteractionCallbackRequestData', { title: 'T', components: [] })).toEqual([
      { path: ['custom_id'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
      { path: ['components'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 40 in length.' },
    ]);
    expect(
      problems('MessageCreateRequest', { content: 5, tts: 'no', allowed_mentions: { parse: ['x'] } }),
    ).toEqual([
      { path: ['content'], code: 'BASE_TYPE_STRING', message: 'Must be a string.' },
      {
        path: ['allowed_mentions', 'parse', 0],
        code: 'BASE_TYPE_CHOICES',
        message: "Value must be one of {'users', 'roles', 'everyone'}.",
      },
      { path: ['tts'], code: 'BOOLEAN_TYPE_CONVERT', message: 'Must be either true or false.' },
    ]);
  });

  it('a union is reported inside the branch its type names, and as UNION_TYPE_CHOICES when none does', () => {
    const select = {
      type: 3,
      custom_id: 'm',
      options: [{ label: 'A', value: 'a' }],
      placeholder: 'p'.repeat(151),
    };
    expect(problems('MessageCreateRequest', { components: [{ type: 1, components: [select] }] })).toEqual([
      {
        path: ['components', 0, 'components', 0, 'placeholder'],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 150 or fewer in length.',
      },
    ]);
    expect(problems('MessageCreateRequest', { components: [{ type: 42 }] })).toEqual([
      {
        path: ['components', 0],
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1, 9, 10, 12, 13, 14, 17).',
      },
    ]);
  });

  it('two fitting branches that disagree are not guessed between', () => {
    const issues: ZodIssueLike[] = [
      {
        code: 'invalid_union',
        path: ['x'],
        message: 'Invalid input',
        errors: [
          [{ code: 'too_big', origin: 'string', maximum: 5, path: ['a'], message: '' }],
          [{ code: 'invalid_type', expected: 'boolean', input: 1, path: ['b'], message: '' }],
        ],
      },
    ];
    expect(discordProblems(issues)).toEqual([
      { path: ['x'], code: 'UNION_TYPE_CHOICES', message: 'Value does not match any of the allowed types.' },
    ]);
    const schema: ZodSchemaLike | undefined = undefined;
    expect(discordProblems([issues[0]?.errors?.[0]?.[0] as ZodIssueLike], schema)).toEqual([
      { path: ['a'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 5 or fewer in length.' },
    ]);
  });
});
