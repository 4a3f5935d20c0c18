/**
 * Every answer Discord gives the bot's REST client, counted by route class and status, and the invalid
 * ones (401, 403, 429) told to the budget. discord.js emits `response` for each answer it receives,
 * retries included, and `rateLimited` each time it holds a request for a limit it knows of.
 */
import { type REST, RESTEvents } from 'discord.js';
import type { InvalidRequestBudget } from './invalid-requests.ts';
import type { ScarabMetrics } from './metrics.ts';

/**
 * A route with its ids and tokens left out, so that a label has few values: `POST /channels/:id/messages`,
 * `PATCH /webhooks/:id/:token/messages/@original`. discord.js's bucket route already replaces snowflakes
 * and webhook tokens; any number it leaves (an id of another length) goes too.
 */
export function routeClass(method: string, route: string): string {
  const path = route
    .split('?')[0]!
    .replace(/\/interactions\/[^/]+\/[^/]+\/callback$/, '/interactions/:id/:token/callback')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
  return `${method.toUpperCase()} ${path}`;
}

export function watchRest(rest: REST, metrics: ScarabMetrics, budget: InvalidRequestBudget): void {
  rest.on(RESTEvents.Response, (request, response) => {
    const route = routeClass(request.method, request.route);
    const status = String(response.status);
    metrics.discordRequests.inc({ route, status });
    if (budget.record(response.status, response.headers.get('x-ratelimit-scope')))
      metrics.discordInvalid.inc({ route, status });
  });
  rest.on(RESTEvents.RateLimited, (info) => {
    metrics.discordRateLimited.inc({ route: routeClass(info.method, info.route), scope: info.scope });
  });
}
