export { User } from './User.js';
export { Profile } from './Profile.js';
export { Team } from './Team.js';
export { TeamMember } from './TeamMember.js';
export { AuditLog } from './AuditLog.js';
export { Otp, type OtpPurpose } from './Otp.js';
export { OutboundEmail } from './OutboundEmail.js';
export { Notification } from './Notification.js';
