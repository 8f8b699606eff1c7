import { siteConfig, TRANSCRIPT_MESSAGES } from '@portal/shared';

export type MailContent = { subject: string; html: string; text: string };
export type AccountLinkMail = { username: string; link: string };

const HEADER_COLOUR = '#0f2f2a';
const BUTTON_COLOUR = '#c97d1c';
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

/** Every interpolated value goes through this: usernames are chosen by whoever registers. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Spec 000 "Email-link landing": the link signs the new user in and confirms the address. */
export function confirmationEmail({ username, link }: AccountLinkMail): MailContent {
  return accountLinkEmail({
    subject: `Confirm your ${siteConfig.acronym} account`,
    username,
    link,
    intro: `Thank you for registering with the ${siteConfig.name}. Please confirm your e-mail address to activate your account.`,
    action: 'Confirm my e-mail address',
    expiry: 'This link expires in 24 hours.',
    ignore: 'If you did not create this account, you can ignore this e-mail; the account stays inactive.',
  });
}

export function passwordResetEmail({ username, link }: AccountLinkMail): MailContent {
  return accountLinkEmail({
    subject: `Reset your ${siteConfig.acronym} password`,
    username,
    link,
    intro: `We received a request to reset the password of your ${siteConfig.acronym} member portal account.`,
    action: 'Choose a new password',
    expiry: 'This link expires in 1 hour and can be used once.',
    ignore:
      'If you did not ask for a new password, you can ignore this e-mail; your password stays the same.',
  });
}

/** Spec 001 "Admin create user": the account exists; the invitation lets its owner set a password. */
export function invitationEmail({ username, link }: AccountLinkMail): MailContent {
  return accountLinkEmail({
    subject: `You are invited to the ${siteConfig.acronym} member portal`,
    username,
    link,
    intro: `The secretariat of the ${siteConfig.name} has created a member portal account for you. Choose a password to start using it.`,
    action: 'Set my password',
    expiry: 'This link expires in 7 days.',
    ignore: `If you were not expecting this invitation, you can ignore this e-mail or write to ${siteConfig.secretariatEmail}.`,
  });
}

/** The e-mail change: sent to the new address, which replaces the old one once the link is opened. */
export function emailChangeEmail({ username, link }: AccountLinkMail): MailContent {
  return accountLinkEmail({
    subject: `Confirm your new ${siteConfig.acronym} e-mail address`,
    username,
    link,
    intro: `You asked to use this address for your ${siteConfig.acronym} member portal account. Please confirm it; until you do, your account keeps its current address.`,
    action: 'Confirm my new e-mail address',
    expiry: 'This link expires in 24 hours and can be used once.',
    ignore: 'If you did not ask for this change, you can ignore this e-mail; nothing changes.',
  });
}

/**
 * docs/product-rules.md "Accounts": sent to the OLD address once a change is confirmed, so
 * an owner whose account was taken over can take it back.
 */
export function emailChangedNoticeEmail({
  username,
  link,
  newEmail,
}: AccountLinkMail & { newEmail: string }): MailContent {
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} e-mail address was changed`,
    username,
    link,
    intro: `The e-mail address of your ${siteConfig.acronym} member portal account was changed to ${newEmail}. If you made this change, you need not do anything.`,
    action: 'Undo this change',
    expiry:
      'If you did not make it, use this link within 7 days: it puts this address back, signs the account out everywhere, and lets you choose a new password. It can be used once.',
    ignore: `If you need help, write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * docs/product-rules.md "Membership lifecycle": approving starts the 12-month period and tells the
 * member.
 */
export function membershipApprovedEmail({
  username,
  link,
  category,
  period,
  statement,
}: AccountLinkMail & {
  category: string;
  /** An Honorary membership's period, active at approval. */
  period: { startsOn: string; expiresOn: string } | null;
  /** Everyone else's first statement: the 12 months start on the date of payment. */
  statement: { number: string; amount: string; dueOn: string } | null;
}): MailContent {
  const approved = `Welcome to the ${siteConfig.name}. Your ${category} membership has been approved`;
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} membership is approved`,
    username,
    link,
    intro: statement
      ? `${approved}. To activate it, pay statement of account ${statement.number} of ${statement.amount} by ${statement.dueOn}; your 12 months start on the date of payment.`
      : `${approved}; it runs${period ? ` from ${period.startsOn} to ${period.expiresOn}` : ''}.`,
    action: statement ? 'See my statement and pay' : 'See my membership',
    expiry: statement
      ? `The statement, attached to this e-mail as a PDF and on your profile, shows how to pay by bank transfer, GCash or Maya, and where to upload your proof of payment. For questions, write to ${siteConfig.secretariatEmail}.`
      : `For questions, write to ${siteConfig.secretariatEmail}.`,
    ignore: 'You receive this e-mail because you applied for membership on the member portal.',
  });
}

/**
 * Rejecting an application tells the applicant too, with the reason the administrator gave when
 * there is one (the review panel asks for it), and where to ask more.
 */
export function membershipRejectedEmail({
  username,
  link,
  category,
  reason = null,
}: AccountLinkMail & { category: string; reason?: string | null }): MailContent {
  const notApproved = `Thank you for your interest in the ${siteConfig.name}. The secretariat could not approve your ${category} membership application at this time.`;
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} membership application`,
    username,
    link,
    intro: reason ? `${notApproved} The reason given: ${reason}` : notApproved,
    action: 'See my profile',
    expiry: `To learn more or to apply again, write to the secretariat at ${siteConfig.secretariatEmail}.`,
    ignore: 'You receive this e-mail because you applied for membership on the member portal.',
  });
}

export type RegistrationMail = {
  username: string;
  eventTitle: string;
  eventDate: string;
  link: string;
  /** The e-mail carries the person's ticket (docs/product-rules.md "Check-in"). */
  withTicket?: boolean;
  /** What is still due on an approved registration, e.g. '₱500.00 (statement SOA-2026-00012)'. */
  feeDue?: string;
};

/**
 * The three messages of a member's event registration (docs/product-rules.md "Event registration"),
 * each linking to the event page.
 */
export function registrationReceivedEmail({
  username,
  eventTitle,
  eventDate,
  link,
}: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Registration received: ${eventTitle}`,
    username,
    link,
    intro: `We received your registration for "${eventTitle}" on ${eventDate}. The secretariat will review it; you will receive another e-mail when it is approved or rejected.`,
    action: 'View the event',
    expiry: 'You can withdraw your registration from the event page while it is pending or approved.',
    ignore: `If you did not register for this event, write to ${siteConfig.secretariatEmail}.`,
  });
}

export function registrationApprovedEmail({
  username,
  eventTitle,
  eventDate,
  link,
  withTicket = false,
  feeDue,
}: RegistrationMail): MailContent {
  const ticket = withTicket
    ? ' Your ticket is attached: show its QR code at the door. It is also under My events on your profile.'
    : feeDue
      ? ` Your fee of ${feeDue} is still due: pay it from the Dues section of your profile, and your ticket is e-mailed to you as soon as it is paid.`
      : '';
  return accountLinkEmail({
    subject: `Registration approved: ${eventTitle}`,
    username,
    link,
    intro: `Your registration for "${eventTitle}" on ${eventDate} has been approved. We look forward to seeing you there.${ticket}`,
    action: 'View the event',
    expiry:
      'If you can no longer attend, please withdraw from the event page so that someone else can take your seat.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * The ticket of a registration approved before its fee was paid, sent when the fee is settled
 * (docs/decisions/074: the ticket goes when a registration is both approved and paid).
 */
export function registrationTicketEmail({
  username,
  eventTitle,
  eventDate,
  link,
}: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Your ticket: ${eventTitle}`,
    username,
    link,
    intro: `Your fee for "${eventTitle}" on ${eventDate} is paid and your seat is confirmed. Your ticket is attached: show its QR code at the door. It is also under My events on your profile.`,
    action: 'View the event',
    expiry:
      'If you can no longer attend, please withdraw from the event page so that someone else can take your seat.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/** A paid registration's seat was released: its fee was not paid before the hold ended. */
export function registrationReleasedEmail({
  username,
  eventTitle,
  eventDate,
  link,
}: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Seat released: ${eventTitle}`,
    username,
    link,
    intro: `Your seat for "${eventTitle}" on ${eventDate} was held for payment of the registration fee, which was not received in time, so the seat has been released and its statement of account voided.`,
    action: 'View the event',
    expiry: 'You may register again from the event page while seats remain.',
    ignore: `If you have already paid, write to ${siteConfig.secretariatEmail} with your proof of payment.`,
  });
}

export function registrationRejectedEmail({
  username,
  eventTitle,
  eventDate,
  link,
}: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Registration not approved: ${eventTitle}`,
    username,
    link,
    intro: `We are sorry: your registration for "${eventTitle}" on ${eventDate} could not be approved.`,
    action: 'View the event',
    expiry: 'You can find other events of the association on our website.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * An event a member is registered for has a new date, time or place, or was cancelled: the
 * updated or cancelling calendar file goes with it (docs/product-rules.md "What other software
 * reads"), so a calendar that holds the entry follows.
 */
export function eventChangedEmail({ username, eventTitle, eventDate, link }: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Event changed: ${eventTitle}`,
    username,
    link,
    intro: `The date, time or place of "${eventTitle}", which you registered for, has changed: it is now on ${eventDate}. The updated calendar entry is attached; opening it updates the one in your calendar.`,
    action: 'View the event',
    expiry:
      'If you can no longer attend, please withdraw from the event page so that someone else can take your seat.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

export function eventCancelledEmail({
  username,
  eventTitle,
  eventDate,
  link,
}: RegistrationMail): MailContent {
  return accountLinkEmail({
    subject: `Event cancelled: ${eventTitle}`,
    username,
    link,
    intro: `We are sorry: "${eventTitle}" on ${eventDate}, which you registered for, has been cancelled. The attached calendar entry removes it from your calendar.`,
    action: 'View the event',
    expiry: 'You can find other events of the association on our website.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

export type AttendeeMessageMail = {
  name: string;
  subject: string;
  body: string;
  eventTitle: string;
  eventDate: string;
  link: string;
};

/** An admin's message to an event's registrants: their subject, their plain text as written. */
export function attendeeMessageEmail({
  name,
  subject,
  body,
  eventTitle,
  eventDate,
  link,
}: AttendeeMessageMail): MailContent {
  return accountLinkEmail({
    subject,
    username: name,
    link,
    intro: body,
    action: 'View the event',
    expiry: `You receive this because you registered for "${eventTitle}" on ${eventDate}.`,
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * A breach's notice to a person affected (docs/decisions/069): the subject and text the staff
 * prepared and edited, as written, with the privacy notice linked and the DPO named.
 */
export function breachNoticeEmail({
  name,
  subject,
  body,
  link,
}: {
  name: string;
  subject: string;
  body: string;
  link: string;
}): MailContent {
  return accountLinkEmail({
    subject,
    username: name,
    link,
    intro: body,
    action: 'Read our privacy notice',
    expiry: 'You receive this because personal data we keep about you was involved.',
    ignore: `Questions? Write to our Data Protection Officer at ${siteConfig.dataProtectionOfficer.email}.`,
  });
}

/**
 * A CPD certificate issued (docs/product-rules.md "CPD certificates"): a link to the profile,
 * where the owner downloads it signed in, rather than the PDF attached: 500 certificates at once
 * would otherwise keep 500 files in the outbox.
 */
export function certificateIssuedEmail({
  name,
  eventTitle,
  number,
  units,
  link,
}: {
  name: string;
  eventTitle: string;
  number: string;
  units: string;
  link: string;
}): MailContent {
  return accountLinkEmail({
    subject: `Your CPD certificate for ${eventTitle}`,
    username: name,
    link,
    intro: `Your CPD certificate ${number} for "${eventTitle}" (${units} CPD units) has been issued. Download it from the CPD certificates section of your profile.`,
    action: 'Download my certificate',
    expiry: 'Anyone can check the certificate with the QR code printed on it.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * A licence expiring within 180 or 60 days while CPD units are short (docs/product-rules.md
 * "CPD transcript"): what is left, and the transcript on the profile.
 */
export function cpdUnitsReminderEmail({
  name,
  profession,
  expiry,
  days,
  remaining,
  required,
  link,
}: {
  name: string;
  profession: string;
  expiry: string;
  days: number;
  remaining: string;
  required: string;
  link: string;
}): MailContent {
  return accountLinkEmail({
    subject: TRANSCRIPT_MESSAGES.reminderSubject(days),
    username: name,
    link,
    intro: `Your PRC licence as ${profession} expires on ${expiry}. Its renewal needs ${required} CPD units and you still need ${remaining}. Units you earned elsewhere count once you record them on your transcript and the secretariat approves them.`,
    action: 'See my CPD transcript',
    expiry: 'We send this reminder 180 and 60 days before the licence expires.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * A seat freed for the next person on a full event's waitlist (docs/product-rules.md "Waitlist"):
 * it is held for them until `offerExpires`; they take it by registering on the event page.
 */
export function waitlistOfferEmail({
  username,
  eventTitle,
  eventDate,
  link,
  offerExpires,
}: RegistrationMail & { offerExpires: string }): MailContent {
  return accountLinkEmail({
    subject: `A seat is available: ${eventTitle}`,
    username,
    link,
    intro: `A seat has become available for "${eventTitle}" on ${eventDate}, and you are next on the waitlist. It is held for you until ${offerExpires}: register on the event page to take it.`,
    action: 'Register for the event',
    expiry: `After ${offerExpires} the seat passes to the next person on the waitlist.`,
    ignore: 'If you no longer wish to attend, leave the waitlist from the event page.',
  });
}

/** The reminder before an event's start to each pending or approved registrant (docs/product-rules.md "Event reminders"). */
export function eventReminderEmail({
  username,
  eventTitle,
  link,
  startsAt,
}: RegistrationMail & { startsAt: string }): MailContent {
  return accountLinkEmail({
    subject: `Reminder: ${eventTitle}`,
    username,
    link,
    intro: `This is a reminder that "${eventTitle}" starts on ${startsAt}. We look forward to seeing you there.`,
    action: 'View the event',
    expiry:
      'If you can no longer attend, please withdraw from the event page so that someone else can take your seat.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}

/**
 * A statement of account was issued (docs/product-rules.md "Dues"): what to pay, by when, and where.
 * An event fee (docs/product-rules.md "Event prices") says what it covers, and that paying it
 * approves the registration, instead of speaking of dues and standing.
 */
export function statementIssuedEmail({
  username,
  link,
  number,
  amount,
  dueOn,
  period,
  eventFee = false,
}: AccountLinkMail & {
  number: string;
  amount: string;
  dueOn: string;
  period: string;
  eventFee?: boolean;
}): MailContent {
  const covers = eventFee ? period : `membership dues, ${period}`;
  return accountLinkEmail({
    subject: `${siteConfig.acronym} statement of account ${number}: ${amount} due ${dueOn}`,
    username,
    link,
    intro: `Your statement of account ${number} for ${amount} (${covers}) is due on ${dueOn}. The statement is attached to this e-mail as a PDF and shows how to pay; you can also find it, pay and upload your proof of payment on your profile.`,
    action: 'See my statement',
    expiry: eventFee
      ? `Your seat is held until the due date, and your registration is approved once the statement is paid. Questions? Write to ${siteConfig.secretariatEmail}.`
      : `Your membership is in good standing once it is paid. Questions? Write to ${siteConfig.secretariatEmail}.`,
    ignore: eventFee
      ? 'You receive this e-mail because you registered for an event of the association.'
      : 'You receive this e-mail because you are a member of the association.',
  });
}

/**
 * A dues reminder (docs/decisions/042-scheduled-renewals.md): before the due date, on it, and
 * after it, each step saying where the member stands.
 */
export function duesReminderEmail({
  username,
  link,
  number,
  amount,
  dueOn,
  offset,
  graceEndsOn,
}: AccountLinkMail & {
  number: string;
  amount: string;
  dueOn: string;
  offset: number;
  graceEndsOn: string;
}): MailContent {
  const days = Math.abs(offset);
  const when =
    offset < 0
      ? `is due in ${days} day${days === 1 ? '' : 's'}, on ${dueOn}`
      : offset === 0
        ? `is due today, ${dueOn}`
        : `was due on ${dueOn} and is still unpaid`;
  const standing =
    offset <= 0
      ? 'Paying on time keeps your membership in good standing.'
      : `Your membership stays open until ${graceEndsOn}; after that it lapses, the members' area closes and voting rights are suspended until it is paid.`;
  return accountLinkEmail({
    subject:
      offset > 0
        ? `Reminder: ${siteConfig.acronym} statement ${number} (${amount}) is overdue`
        : `Reminder: ${siteConfig.acronym} statement ${number} (${amount}) due ${dueOn}`,
    username,
    link,
    intro: `A friendly reminder: your statement of account ${number} for ${amount} ${when}. ${standing} If you have already paid, thank you, and please upload your proof of payment on your profile so the secretariat can record it.`,
    action: 'Pay my dues',
    expiry: `Questions? Write to ${siteConfig.secretariatEmail}.`,
    ignore: 'You receive this e-mail because you are a member of the association.',
  });
}

/** A payment was recorded: the acknowledgement receipt goes with the e-mail and is on the profile. */
export function paymentRecordedEmail({
  username,
  link,
  number,
  amount,
  receiptNumber,
}: AccountLinkMail & { number: string; amount: string; receiptNumber: string }): MailContent {
  return accountLinkEmail({
    subject: `${siteConfig.acronym} payment received: ${amount} (${receiptNumber})`,
    username,
    link,
    intro: `Thank you: we have recorded your payment of ${amount} toward statement ${number}. Acknowledgement receipt ${receiptNumber} is attached to this e-mail as a PDF; you can also download it on your profile.`,
    action: 'See my dues',
    expiry: `Questions? Write to ${siteConfig.secretariatEmail}.`,
    ignore: 'You receive this e-mail because you are a member of the association.',
  });
}

/** A proof of payment could not be verified, and why. */
export function paymentRejectedEmail({
  username,
  link,
  number,
  amount,
  reason,
}: AccountLinkMail & { number: string; amount: string; reason: string }): MailContent {
  return accountLinkEmail({
    subject: `${siteConfig.acronym} payment not verified: statement ${number}`,
    username,
    link,
    intro: `The secretariat could not verify your payment of ${amount} toward statement ${number}. The reason given: ${reason}`,
    action: 'See my dues',
    expiry: `You can upload a new proof of payment on your profile, or write to ${siteConfig.secretariatEmail}.`,
    ignore: 'You receive this e-mail because you are a member of the association.',
  });
}

export type AccountLinkParts = {
  subject: string;
  username: string;
  link: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
  /** An announcement's unsubscribe link (docs/product-rules.md "Announcements"); none on other mail. */
  unsubscribe?: string;
};

export type AnnouncementMail = {
  name: string;
  kind: 'news' | 'event';
  title: string;
  /** The article's description, or the event's date and place. */
  summary: string;
  link: string;
  unsubscribeLink: string;
};

/**
 * A published article or event e-mailed to members (docs/product-rules.md "Announcements"): its
 * title, a line about it, a link to it, and the unsubscribe link every announcement carries.
 */
export function announcementEmail({
  name,
  kind,
  title,
  summary,
  link,
  unsubscribeLink,
}: AnnouncementMail): MailContent {
  return accountLinkEmail({
    subject:
      kind === 'news' ? `${siteConfig.acronym} news: ${title}` : `${siteConfig.acronym} event: ${title}`,
    username: name,
    link,
    intro: summary ? `${title}\n\n${summary}` : title,
    action: kind === 'news' ? 'Read the article' : 'View the event',
    expiry: `You receive this announcement as an account holder of the ${siteConfig.acronym} member portal.`,
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
    unsubscribe: unsubscribeLink,
  });
}

export function accountLinkEmail(parts: AccountLinkParts): MailContent {
  const { subject, username, link, intro, action, expiry, ignore, unsubscribe } = parts;
  const footerText = `${siteConfig.name} (${siteConfig.acronym})\n${siteConfig.address}\n${siteConfig.secretariatEmail}`;

  // The link stands alone on its line so no mail client glues punctuation onto it.
  const text = [
    `Hello ${username},`,
    '',
    intro,
    '',
    `${action}:`,
    link,
    '',
    expiry,
    ignore,
    ...(unsubscribe ? ['', 'To stop receiving announcements, unsubscribe here:', unsubscribe] : []),
    '',
    '-- ', // the standard signature separator: mail clients fold the footer away
    footerText,
    '',
  ].join('\n');

  return { subject, html: renderLayout(parts), text };
}

/**
 * Table layout with inline styles: Outlook renders with Word and Gmail drops <style> blocks in
 * many views, so anything else falls apart in real mail clients.
 */
function renderLayout(parts: AccountLinkParts): string {
  const e = escapeHtml;
  const { subject, username, link, intro, action, expiry, ignore, unsubscribe } = parts;
  const paragraph = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:#1f2933;`;
  const small = `margin:0 0 8px 0;font-family:${FONT};font-size:13px;line-height:20px;color:#52606d;`;
  const mailto = `mailto:${siteConfig.secretariatEmail}`;

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f1;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f1;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse;">
<tr><td style="background-color:${HEADER_COLOUR};padding:24px 32px;">
<p style="margin:0;font-family:${FONT};font-size:24px;line-height:30px;font-weight:bold;color:#ffffff;letter-spacing:1px;">${e(siteConfig.acronym)}</p>
<p style="margin:4px 0 0 0;font-family:${FONT};font-size:14px;line-height:20px;color:#d9e6e2;">${e(siteConfig.name)}</p>
</td></tr>
<tr><td style="padding:32px;">
<p style="${paragraph}">Hello ${e(username)},</p>
<p style="${paragraph}white-space:pre-line;">${e(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;">
<tr><td align="center" bgcolor="${BUTTON_COLOUR}" style="background-color:${BUTTON_COLOUR};border-radius:4px;">
<a href="${e(link)}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:4px;">${e(action)}</a>
</td></tr>
</table>
<p style="${paragraph}">${e(expiry)}</p>
<p style="${small}">If the button does not work, copy this address into your browser:</p>
<p style="${small}word-break:break-all;"><a href="${e(link)}" target="_blank" style="color:${HEADER_COLOUR};">${e(link)}</a></p>
<p style="${small}">${e(ignore)}</p>${
    unsubscribe
      ? `\n<p style="${small}">To stop receiving announcements, <a href="${e(unsubscribe)}" target="_blank" style="color:${HEADER_COLOUR};">unsubscribe</a>.</p>`
      : ''
  }
</td></tr>
<tr><td style="background-color:#eef2f0;padding:20px 32px;border-top:3px solid ${BUTTON_COLOUR};">
<p style="${small}font-weight:bold;">${e(siteConfig.name)} (${e(siteConfig.acronym)})</p>
<p style="${small}">${e(siteConfig.address)}</p>
<p style="${small}margin-bottom:0;"><a href="${e(mailto)}" style="color:${HEADER_COLOUR};">${e(siteConfig.secretariatEmail)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// A member's privacy requests (docs/product-rules.md "Privacy", docs/decisions/068).

export type PrivacyRequestMail = { name: string; link: string; kindLabel: string };

/** "We have your request and answer by …": sent when an erasure or correction is asked for. */
export function privacyRequestReceivedEmail({
  name,
  link,
  kindLabel,
  dueOn,
}: PrivacyRequestMail & { dueOn: string }): MailContent {
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} privacy request: ${kindLabel}`,
    username: name,
    link,
    intro: `We have received your request "${kindLabel}". The secretariat will answer it by ${dueOn}, as the Data Privacy Act asks.`,
    action: 'See my profile',
    expiry: `Questions? Write to our Data Protection Officer at ${siteConfig.dataProtectionOfficer.email}.`,
    ignore: 'If you did not make this request, write to the Data Protection Officer at once.',
  });
}

/** The answer to an approved erasure: what was erased, and each kept item with why. */
export function accountErasedEmail({
  name,
  link,
  formerName,
  kept,
}: {
  name: string;
  link: string;
  formerName: string;
  kept: { label: string; why: string }[];
}): MailContent {
  const keptLines = kept.map((item) => `- ${item.label}: ${item.why}.`).join('\n');
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} account has been erased`,
    username: name,
    link,
    intro: `As you asked, your account and the personal data in it have been erased. You can no longer sign in, and this is the last e-mail we send to this address. Where the law requires a record to be kept, it now names "${formerName}" instead of you.\n\nWhat we keep, and why:\n${keptLines}`,
    action: 'Read our privacy notice',
    expiry: `Questions? Write to our Data Protection Officer at ${siteConfig.dataProtectionOfficer.email}.`,
    ignore: 'You receive this e-mail because you asked for your account to be erased.',
  });
}

/** A correction resolved, or either kind of request refused, with the secretariat's words. */
export function privacyRequestAnsweredEmail({
  name,
  link,
  kindLabel,
  outcome,
  answer,
}: PrivacyRequestMail & { outcome: 'resolved' | 'rejected'; answer: string | null }): MailContent {
  const said = answer ? ` The secretariat wrote: ${answer}` : '';
  return accountLinkEmail({
    subject: `Your ${siteConfig.acronym} privacy request: ${kindLabel}`,
    username: name,
    link,
    intro:
      outcome === 'resolved'
        ? `Your request "${kindLabel}" has been resolved: the secretariat made the change.${said}`
        : `The secretariat could not grant your request "${kindLabel}".${said}`,
    action: 'See my profile',
    expiry: `If you disagree, write to our Data Protection Officer at ${siteConfig.dataProtectionOfficer.email}; you may also complain to the National Privacy Commission.`,
    ignore: 'You receive this e-mail because you made a privacy request on the member portal.',
  });
}

export type DirectoryRepresentativeMail = { name: string; company: string; link: string };

/**
 * A company asks its representative to appear in its directory entry (docs/decisions/072, "Added
 * on 2026-12-08"): the link opens a page whose button agrees; opening it changes nothing (075).
 */
export function directoryRepresentativeRequestEmail({
  name,
  company,
  link,
}: DirectoryRepresentativeMail): MailContent {
  return accountLinkEmail({
    subject: `${company} would like to list you in the ${siteConfig.acronym} member directory`,
    username: name,
    link,
    intro: `${company} names you as one of its representatives and would like to show your name and position in its entry in the member directory of the ${siteConfig.name}. Nothing is shown unless you agree.`,
    action: 'Review and agree',
    expiry: 'The link can be used once. You can withdraw your agreement at any time afterwards.',
    ignore: 'If you do not wish to appear, you can ignore this e-mail; nothing is shown.',
  });
}

/** Sent once a representative agreed: their link to withdraw at any time. */
export function directoryRepresentativeAgreedEmail({
  name,
  company,
  link,
}: DirectoryRepresentativeMail): MailContent {
  return accountLinkEmail({
    subject: `You appear in the entry of ${company} in the ${siteConfig.acronym} member directory`,
    username: name,
    link,
    intro: `Thank you. Your name and position now appear in the entry of ${company} in the member directory of the ${siteConfig.name}.`,
    action: 'Withdraw my agreement',
    expiry:
      'Keep this e-mail: the link withdraws your agreement at any time, and you are gone from the entry at once.',
    ignore: `Questions? Write to ${siteConfig.secretariatEmail}.`,
  });
}
