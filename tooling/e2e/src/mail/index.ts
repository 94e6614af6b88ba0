export { startSmtpCapture, type SmtpCapture } from './capture';
export { createMailClient, type MailClient, type WaitOptions } from './client';
export { DEFAULT_MAIL_TIMEOUT_MS, codeOf, linkOf, linksOf, type CapturedMail, type MailQuery } from './mail';
