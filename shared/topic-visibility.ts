// Whether a channel topic is muted or followed for the user, as the server defines it: a topic's
// own visibility_policy wins; otherwise the channel's is_muted applies. The unread counts (main)
// and the sidebar's dimmed rows (the renderer) both read it here.
import { VISIBILITY_POLICIES } from './api/limits';

/** A muted topic, or a topic of a muted channel that is not unmuted or followed there. */
export function isMutedTopic(policy: number | undefined, channelMuted: boolean): boolean {
  return policy === VISIBILITY_POLICIES.muted || (channelMuted && policy !== VISIBILITY_POLICIES.unmuted && policy !== VISIBILITY_POLICIES.followed);
}

export const isFollowedTopic = (policy: number | undefined): boolean => policy === VISIBILITY_POLICIES.followed;
