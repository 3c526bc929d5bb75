// The service's HTTP API from the main process: ServiceClient and what it throws.
export { ServiceClient, type CallOptions, type EditScheduledMessageOptions, type ServiceClientOptions } from './service-client';
export { ApiError, NetworkError, ServiceError, TimeoutError, UnsupportedFeatureError, ValidationError } from './errors';
export { Pacer, type PacerOptions } from './pacer';
export type { RateLimitState } from './rate-limit';
export type { Clock } from './clock';
export type { Logger } from './logger';
export { readOutgoingWebhookPayload } from './outgoing-webhook';
