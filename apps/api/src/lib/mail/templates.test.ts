import { siteConfig } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { confirmationEmail, escapeHtml, invitationEmail, passwordResetEmail } from './templates';

const link = 'https://portal.example.org/confirm-email?token=abc-123&lang=en';
const templates = [
  { build: confirmationEmail, subject: `Confirm your ${siteConfig.acronym} account`, expiry: '24 hours' },
  { build: passwordResetEmail, subject: `Reset your ${siteConfig.acronym} password`, expiry: '1 hour' },
  {
    build: invitationEmail,
    subject: `You are invited to the ${siteConfig.acronym} member portal`,
    expiry: '7 days',
  },
];

describe.each(templates)('$subject', ({ build, subject, expiry }) => {
  const mail = build({ username: 'Maria Santos', link });

  it('has the subject', () => {
    expect(mail.subject).toBe(subject);
  });

  it('puts the link in both parts, on its own line in the text', () => {
    expect(mail.text.split('\n')).toContain(link);
    // In HTML the & of the link is written as &amp;, which mail clients decode back in the href.
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).not.toContain(link);
  });

  it('states when the link expires', () => {
    expect(mail.text).toContain(`expires in ${expiry}`);
    expect(mail.html).toContain(`expires in ${expiry}`);
  });

  it('greets the user and carries the association brand and secretariat in the footer', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello Maria Santos,');
      expect(part).toContain(siteConfig.name);
      expect(part).toContain(siteConfig.secretariatEmail);
      expect(part).toContain(siteConfig.address);
    }
    expect(mail.html).toContain('#0f2f2a');
    expect(mail.html).toContain('#c97d1c');
  });

  it('escapes the username in HTML', () => {
    const hostile = build({ username: '<script>alert("x")</script>', link: 'https://x.test/"><img>' });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(hostile.html).not.toContain('"><img>');
    // Plain text is not markup: the name appears as typed.
    expect(hostile.text).toContain('Hello <script>alert("x")</script>,');
  });
});
