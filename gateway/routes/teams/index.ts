// Teams, members and invitations: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import teamsList from './list.js';
import teamsGet from './read.js';
import teamsCreate from './create.js';
import teamsAddMember from './add-member.js';
import teamsRecentActivity from './recent-activity.js';
import teamsRemoveMember from './remove-member.js';
import teamsLeave from './leave.js';
import teamsSentInvitations from './sent-invitations-list.js';
import teamsWithdrawInvitation from './sent-invitation-withdraw.js';
import teamInvitationsList from './invitations/list.js';
import teamInvitationAccept from './invitations/accept.js';
import teamInvitationDecline from './invitations/decline.js';

export default defineArea({
  name: 'teams',
  tags: [
    { name: 'teams', description: 'One team per user; owners manage members' },
  ],
  routes: [
    teamsList,
    teamsGet,
    teamsCreate,
    teamsAddMember,
    teamsRecentActivity,
    teamsRemoveMember,
    teamsLeave,
    teamsSentInvitations,
    teamsWithdrawInvitation,
    teamInvitationsList,
    teamInvitationAccept,
    teamInvitationDecline,
  ],
});
