import { BaseModel } from './base-model.js';

/** A row of `team_invitations`: an owner's invitation, to an address or a user id, until answered. */
export class TeamInvitation extends BaseModel {
  static override tableName = 'team_invitations';

  declare id: number;
  declare team_id: number;
  declare email: string | null;
  declare user_id: string | null;
  declare invited_by: string | null;
  declare status: 'pending' | 'accepted' | 'declined' | 'revoked';
  declare expires_at: Date;
  declare responded_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}
