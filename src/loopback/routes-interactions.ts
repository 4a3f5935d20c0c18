import { messageJson } from './api-json.ts';
import type { InteractionResponder } from './interaction-responder.ts';
import type { World } from './model.ts';
import { noContent, ok, type RestRoute } from './rest-router.ts';

/** Interaction callbacks and the interaction webhook. None of these carry the bot token (P6). */
export function interactionRoutes(world: World, responder: InteractionResponder): RestRoute[] {
  const p = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? '';
  return [
    {
      method: 'POST',
      pattern: '/interactions/:interactionId/:token/callback',
      auth: 'none',
      handle: ({ params, json, files, query }) => {
        const result = responder.callback(
          p(params, 'interactionId'),
          p(params, 'token'),
          json,
          files,
          query.get('with_response') === 'true',
        );
        return result === null ? noContent() : ok(result);
      },
    },
    {
      method: 'GET',
      pattern: '/webhooks/:applicationId/:token/messages/@original',
      auth: 'none',
      handle: ({ params }) =>
        ok(messageJson(world, responder.getOriginal(p(params, 'applicationId'), p(params, 'token')))),
    },
    {
      method: 'PATCH',
      pattern: '/webhooks/:applicationId/:token/messages/@original',
      auth: 'none',
      handle: ({ params, json, files }) =>
        ok(
          messageJson(
            world,
            responder.editOriginal(p(params, 'applicationId'), p(params, 'token'), json, files),
          ),
        ),
    },
    {
      method: 'DELETE',
      pattern: '/webhooks/:applicationId/:token/messages/@original',
      auth: 'none',
      handle: ({ params }) => {
        responder.deleteOriginal(p(params, 'applicationId'), p(params, 'token'));
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: '/webhooks/:applicationId/:token',
      auth: 'none',
      handle: ({ params, json, files, query }) => {
        const message = responder.followUp(p(params, 'applicationId'), p(params, 'token'), json, files);
        return query.get('wait') === 'true' ? ok(messageJson(world, message)) : noContent();
      },
    },
    {
      method: 'GET',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: 'none',
      handle: ({ params }) =>
        ok(
          messageJson(
            world,
            responder.getWebhookMessage(
              p(params, 'applicationId'),
              p(params, 'token'),
              p(params, 'messageId'),
            ),
          ),
        ),
    },
    {
      method: 'PATCH',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: 'none',
      handle: ({ params, json, files }) =>
        ok(
          messageJson(
            world,
            responder.editWebhookMessage(
              p(params, 'applicationId'),
              p(params, 'token'),
              p(params, 'messageId'),
              json,
              files,
            ),
          ),
        ),
    },
    {
      method: 'DELETE',
      pattern: '/webhooks/:applicationId/:token/messages/:messageId',
      auth: 'none',
      handle: ({ params }) => {
        responder.deleteWebhookMessage(
          p(params, 'applicationId'),
          p(params, 'token'),
          p(params, 'messageId'),
        );
        return noContent();
      },
    },
  ];
}
