// Every endpoint the simulator serves under /api/v1 but the outgoing-webhook receiver, whose path
// depends on the dialect (index.ts adds it).
import { alertWordRoutes } from './areas/alertWords';
import { botRoutes } from './areas/bots';
import { channelFolderRoutes } from './areas/channelFolders';
import { channelRoutes } from './areas/channels';
import { draftRoutes } from './areas/drafts';
import { flagRoutes } from './areas/flags';
import { inviteRoutes } from './areas/invites';
import { linkifierRoutes } from './areas/linkifiers';
import { messageEditRoutes } from './areas/messageEdits';
import { messageHistoryRoutes } from './areas/messageHistory';
import { readReceiptRoutes } from './areas/readReceipts';
import { messageRoutes } from './areas/messages';
import { mutedUserRoutes } from './areas/mutedUsers';
import { channelTopicRoutes } from './areas/channelTopics';
import { presenceRoutes } from './areas/presence';
import { profileFieldRoutes } from './areas/profileFields';
import { pushRoutes } from './areas/push';
import { reactionRoutes } from './areas/reactions';
import { realmSettingsRoutes } from './areas/realmSettings';
import { savedSnippetRoutes } from './areas/savedSnippets';
import { scheduledMessageRoutes } from './areas/scheduledMessages';
import { serverSettingsRoutes } from './areas/serverSettings';
import { submessageRoutes } from './areas/submessages';
import { subscriptionRoutes } from './areas/subscriptions';
import { topicDeletionRoutes } from './areas/topicDeletion';
import { typingRoutes } from './areas/typing';
import { uploadRoutes } from './areas/uploads';
import { userSettingsRoutes } from './areas/userSettings';
import { userStatusRoutes } from './areas/userStatus';
import { userTopicRoutes } from './areas/userTopics';
import { userRoutes } from './areas/users';
import { eventRoutes } from './events/routes';
import type { Route } from './http/router';

export const routes: readonly Route[] = [
  ...eventRoutes,
  ...scheduledMessageRoutes,
  ...typingRoutes,
  ...userTopicRoutes,
  ...userSettingsRoutes,
  ...alertWordRoutes,
  ...mutedUserRoutes,
  ...channelTopicRoutes,
  ...channelRoutes,
  ...subscriptionRoutes,
  ...channelFolderRoutes,
  ...topicDeletionRoutes,
  ...profileFieldRoutes,
  ...userRoutes,
  ...botRoutes,
  ...userStatusRoutes,
  ...presenceRoutes,
  ...inviteRoutes,
  ...pushRoutes,
  ...messageRoutes,
  ...messageEditRoutes,
  ...messageHistoryRoutes,
  ...readReceiptRoutes,
  ...reactionRoutes,
  ...submessageRoutes,
  ...flagRoutes,
  ...savedSnippetRoutes,
  ...draftRoutes,
  ...linkifierRoutes,
  ...serverSettingsRoutes,
  ...realmSettingsRoutes,
  ...uploadRoutes,
];
