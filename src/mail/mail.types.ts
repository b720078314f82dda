export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends OutgoingMail {
  sent_at: string;
}

export const MAILER_QUEUE = 'mailer';
export const SEND_MAIL_JOB = 'send';
