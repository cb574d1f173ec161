export { User } from './user.js';
export { Profile } from './profile.js';
export { Team } from './team.js';
export { TeamMember } from './team-member.js';
export { AuditLog } from './audit-log.js';
export { Otp, type OtpPurpose } from './otp.js';
export { OutboundEmail } from './outbound-email.js';
export { Notification } from './notification.js';
