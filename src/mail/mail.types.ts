export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends OutgoingMail {
  sent_at: string;
}

export const SEND_MAIL_JOB = 'send';
