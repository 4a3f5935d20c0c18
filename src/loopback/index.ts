export { type Clock, ManualClock, systemClock } from './clock.ts';
export type { SlashOptions, SlashOptionValue } from './command-options.ts';
export { GatewayControl, LoopbackControl, type MessageQuery } from './control-api.ts';
export { LoopbackHttpClient, RemoteInteraction, type RemoteState, type WireEvent } from './control-client.ts';
export type {
  InteractionRequest,
  WaitTarget,
  WireAttachment,
  WireChannel,
  WireGuild,
  WireInteraction,
  WireMessage,
} from './control-wire.ts';
export { DiscordError, discordErrors } from './errors.ts';
export type { ActiveFault, FaultEffect, FaultRule, FaultTarget } from './faults.ts';
export { EventFeed, visibleTo } from './feed.ts';
export type { GatewaySessionInfo } from './gateway.ts';
export { ZLIB_SUFFIX, ZlibStreamFramer } from './gateway-framing.ts';
export type { InteractionHandle } from './interaction-handle.ts';
export type { InteractionEvent, InteractionKind } from './interaction-record.ts';
export type { ModalValues } from './modal-submission.ts';
export type {
  Audience,
  LoopbackAttachment,
  LoopbackChannel,
  LoopbackEvent,
  LoopbackGuild,
  LoopbackMentions,
  LoopbackMessage,
  LoopbackRole,
  LoopbackUser,
} from './model-types.ts';
export { DISCORD_TIMINGS, type LoopbackOptions } from './options.ts';
export type { PermissionName } from './permissions.ts';
export {
  DISCORD_RATE_LIMITS,
  type RateLimitRecord,
  type RateLimitRule,
  type RateLimitRules,
} from './rate-limits.ts';
export type { RecordedRequest } from './request-log.ts';
export { LoopbackDiscord } from './server.ts';
export { DISCORD_SHARDING, defaultRecommendedShards, type ShardTuple, shardOf } from './sharding.ts';
export { DISCORD_EPOCH, SnowflakeGenerator, snowflakeFrom, snowflakeTimestamp } from './snowflake.ts';
export type { UserActor, Where } from './user-actor.ts';
export { WaitTimeoutError } from './waiters.ts';
