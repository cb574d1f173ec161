// The e-mails the platform sends. Codes stand on a line of their own so that
// people (and mail-reading test harnesses) find them at once.
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function codeMail(subject: string, intro: string, code: string, minutes: number, outro: string): MailContent {
  const text = `${intro}\n\n    ${code}\n\nThe code expires in ${minutes} minutes. ${outro}\n\n— Inventory Platform\n`;
  const html = `<p>${escape(intro)}</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>The code expires in ${minutes} minutes. ${escape(outro)}</p><p>— Inventory Platform</p>`;
  return { subject, text, html };
}

export const mailTemplates = {
  verifyEmail: (name: string, code: string, minutes: number) =>
    codeMail(`Your verification code: ${code}`, `Hello ${name || 'there'}, use this code to verify your e-mail address:`, code, minutes, 'If you did not create an account, ignore this e-mail.'),
  resetPassword: (name: string, code: string, minutes: number) =>
    codeMail(`Your password reset code: ${code}`, `Hello ${name || 'there'}, use this code to reset your password:`, code, minutes, 'If you did not ask for a reset, ignore this e-mail; your password is unchanged.'),
  /** The same words whether or not the address has an account (nothing to learn from it). */
  teamInvitation: (teamName: string, inviterName: string, days: number): MailContent => {
    const intro = `${inviterName || 'A team owner'} invited you to join the team "${teamName}" on Inventory Platform.`;
    const how = `Log in with this e-mail address (or register with it first), list your invitations with GET /api/teams/invitations/ and accept or decline. Nobody joins a team without accepting. The invitation expires in ${days} days; if you did not expect it, ignore this e-mail.`;
    return {
      subject: `Invitation to join the team "${teamName.replace(/[\s\u0000-\u001f]+/g, ' ').slice(0, 120)}"`,
      text: `Hello,\n\n${intro}\n\n${how}\n\n— Inventory Platform\n`,
      html: `<p>Hello,</p><p>${escape(intro)}</p><p>${escape(how)}</p><p>— Inventory Platform</p>`,
    };
  },
  passwordChanged: (name: string): MailContent => ({
    subject: 'Your password was changed',
    text: `Hello ${name || 'there'}, the password of your Inventory Platform account was just changed. If this was not you, reset it at once.\n`,
    html: `<p>Hello ${escape(name || 'there')}, the password of your Inventory Platform account was just changed. If this was not you, reset it at once.</p>`,
  }),
  /** The token's name is the owner's own words; its value is never mailed. */
  apiTokenCreated: (name: string, tokenName: string, prefix: string, expiresAt: string): MailContent => {
    const line = `a personal API token "${tokenName.replace(/[\s\u0000-\u001f]+/g, ' ').slice(0, 100)}" (${prefix}…) was created for your Inventory Platform account; it is valid until ${expiresAt}.`;
    const act = 'If this was not you, change your password at once: that revokes every API token and signs out every other device.';
    return {
      subject: 'A new API token was created for your account',
      text: `Hello ${name || 'there'}, ${line}\n\n${act}\n\n— Inventory Platform\n`,
      html: `<p>Hello ${escape(name || 'there')}, ${escape(line)}</p><p>${escape(act)}</p><p>— Inventory Platform</p>`,
    };
  },
};
