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
  passwordChanged: (name: string): MailContent => ({
    subject: 'Your password was changed',
    text: `Hello ${name || 'there'}, the password of your Inventory Platform account was just changed. If this was not you, reset it at once.\n`,
    html: `<p>Hello ${escape(name || 'there')}, the password of your Inventory Platform account was just changed. If this was not you, reset it at once.</p>`,
  }),
};
