// `app.mailer`: SMTP when SMTP_URL is set, else the dev outbox (see src/mail/mailer.ts).
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../mail/mailer.js';

export interface MailerPluginOptions {
  /** A ready mailer (tests); by default one is made from the config. */
  mailer?: Mailer;
}

export default fp<MailerPluginOptions>(
  async (app, options) => {
    const mailer = options.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
